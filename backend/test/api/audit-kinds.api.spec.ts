import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { AUDIT_KINDS } from '../../src/domain/shared/audit-kinds';
import { auditProjection } from '../../src/projections/audit/audit.projection';
import { startTestApp, type TestApp } from '../support/test-app';

describe('the audit log’s kinds in GET /api/openapi.json', () => {
  let app: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await startTestApp();
    document = (await request(app.server).get('/api/openapi.json').expect(200))
      .body as OpenAPIObject;
  });
  afterAll(() => app.close());

  it('given the audit projection, when the document is read, then AuditKind enumerates every kind it records', () => {
    expect(document.components?.schemas?.AuditKind).toEqual(
      expect.objectContaining({ type: 'string', enum: [...auditProjection.handles] }),
    );
    expect([...AUDIT_KINDS].sort()).toEqual([...auditProjection.handles].sort());
  });

  it('given an audit entry, when its schema is read, then its kind refers to the AuditKind enum', () => {
    const entry = document.components?.schemas?.AuditEntryResponse as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(entry.properties.kind).toEqual(
      expect.objectContaining({ allOf: [{ $ref: '#/components/schemas/AuditKind' }] }),
    );
    expect(entry.required).toContain('kind');
  });

  it('given a cleared cluster’s entry (target type `cluster`), when the schema is read, then its target type is one the document allows', () => {
    const entry = document.components?.schemas?.AuditEntryResponse as {
      properties: Record<string, { enum?: string[] }>;
    };
    expect(entry.properties.targetType?.enum).toEqual(
      expect.arrayContaining([
        'post',
        'comment',
        'report',
        'user',
        'admin',
        'boost',
        'payment',
        'cluster',
      ]),
    );
  });
});
