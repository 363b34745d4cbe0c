import type { Express, Request, Response } from 'express';
import { IncomingMessage, type Server, ServerResponse } from 'node:http';
import request from 'supertest';
import { PrototypedExpressAdapter } from './prototyped-express-adapter';

describe('PrototypedExpressAdapter', () => {
  let adapter: PrototypedExpressAdapter;
  let server: Server;
  /** Whether each request, as the server made it (before Express saw it), had the prototypes. */
  const madeOnPrototypes: boolean[] = [];

  beforeAll(() => {
    adapter = new PrototypedExpressAdapter();
    adapter.initHttpServer({});
    server = adapter.getHttpServer() as Server;
    const app = adapter.getInstance<Express>();
    const onExpressPrototypes = (req: IncomingMessage, res: ServerResponse) =>
      Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response;
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      madeOnPrototypes.push(onExpressPrototypes(req, res));
    });
    app.post('/probe', (req: Request, res: Response) => {
      res.status(201).json({
        onExpressPrototypes: onExpressPrototypes(req, res),
        nodeClasses: req instanceof IncomingMessage && res instanceof ServerResponse,
        header: req.get('x-probe'),
        path: req.path,
        query: req.query,
      });
    });
  });

  it('builds requests and responses on Express’s prototypes, as Node’s classes still', async () => {
    madeOnPrototypes.length = 0;
    const answer = await request(server)
      .post('/probe?size=3')
      .set('X-Probe', 'here')
      .expect(201)
      .expect('Content-Type', /json/);
    expect(answer.body).toEqual({
      onExpressPrototypes: true,
      nodeClasses: true,
      header: 'here',
      path: '/probe',
      query: { size: '3' },
    });
    // Made so by the server, not only once Express set them (which keeps them in place).
    expect(madeOnPrototypes).toEqual([true]);
  });

  it('serves request after request on one kept-alive connection', async () => {
    const agent = request.agent(server);
    for (let i = 0; i < 3; i += 1) {
      await agent.post('/probe').set('X-Probe', String(i)).expect(201);
    }
  });
});
