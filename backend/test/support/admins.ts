import supertest from 'supertest';
import type { Schema } from './api-types';
import type { TestApp } from './test-app';

/** A browser signed in to the back office (its `admin_sid` cookie kept by the agent). */
export async function signedInAdmin(
  app: TestApp,
  credentials: { ADMIN_USERNAME: string; ADMIN_PASSWORD: string },
): Promise<{ agent: ReturnType<typeof supertest.agent>; id: string }> {
  const agent = supertest.agent(app.server);
  const { body } = await agent
    .post('/api/rtm-sys/login')
    .send({ username: credentials.ADMIN_USERNAME, password: credentials.ADMIN_PASSWORD })
    .expect(200);
  return { agent, id: (body as Schema<'AdminResponse'>).id };
}
