import type { OpenAPIObject, SchemaObject } from '@nestjs/swagger';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app';

// The generator is plain CommonJS run by node before tsc (package.json's build and lint).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generateMetadata, METADATA_FILE } = require('../../scripts/openapi-metadata.js') as {
  generateMetadata: () => string;
  METADATA_FILE: string;
};

const ENV = { ADMIN_USERNAME: 'doc_admin', ADMIN_PASSWORD: 'a long admin password' };

/** PostResponse's fields as the class declares them (src/api/community/post.view.ts). */
const POST_FIELDS = [
  'id',
  'userId',
  'imageUrl',
  'thumbnailUrl',
  'imageHash',
  'imageWidth',
  'imageHeight',
  'averageRating',
  'voteCount',
  'communityAverage',
  'aiRating',
  'likesCount',
  'commentsCount',
  'username',
  'displayUsername',
  'bio',
  'socialLinks',
  'profilePictureUrl',
  'isBoosted',
  'boostType',
  'isPublic',
  'isModerated',
  'heldForReview',
  'moderationFlags',
  'createdAt',
  'rank',
];

describe('the views and DTOs are described by the swagger plugin through src/api/openapi/metadata.ts', () => {
  let app: TestApp;
  let schemas: Record<string, SchemaObject>;

  beforeAll(async () => {
    app = await startTestApp(ENV);
    const response = await request(app.server).get('/api/openapi.json').expect(200);
    schemas = (response.body as OpenAPIObject).components?.schemas as Record<string, SchemaObject>;
  });
  afterAll(() => app.close());

  it('given the views and DTOs as they are, when the generator runs, then it writes the committed metadata', () => {
    expect(generateMetadata()).toBe(readFileSync(METADATA_FILE, 'utf8'));
  }, 120_000);

  it('given a view field with no decorator, then the document says its type, nullability and doc comment', () => {
    const post = schemas.PostResponse;
    expect(post.properties?.username).toEqual({
      type: 'string',
      nullable: true,
      description: "The author's anonymous username",
    });
    expect(post.properties?.aiRating).toEqual({
      type: 'object',
      nullable: true,
      description: 'Null for a direct post',
      allOf: [{ $ref: '#/components/schemas/AiRatingResponse' }],
    });
    expect(post.required).toContain('username');
    expect(post.required).not.toContain('rank');
  });

  it('given a field that keeps a decorator for its format, then the plugin still gives its type and description', () => {
    expect(schemas.PostResponse.properties?.userId).toEqual({
      type: 'string',
      format: 'uuid',
      description: 'The author',
    });
  });

  it('given an optional, nullable DTO field with a doc comment, then the document says so', () => {
    expect(schemas.CommentDto.properties?.parentCommentId).toEqual({
      type: 'string',
      format: 'uuid',
      nullable: true,
      description: 'The comment this replies to; a reply to a reply joins its top-level thread',
    });
    expect(schemas.CommentDto.required).toEqual(['text']);
  });

  it('given decorated and undecorated fields, then each model lists them in declaration order, its parents first', () => {
    expect(Object.keys(schemas.PostResponse.properties ?? {})).toEqual(POST_FIELDS);
    expect(Object.keys(schemas.PostPageResponse.properties ?? {})).toEqual([
      ...POST_FIELDS,
      'weeklyRank',
      'reportedByViewer',
    ]);
  });
});
