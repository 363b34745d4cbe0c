import { describe, it, expect } from 'vitest';

import { PRIVACY_LAST_UPDATED, privacySections } from './privacy';
import { TERMS_EFFECTIVE, TERMS_LAST_UPDATED, termsSections } from './terms';
import type { LegalBlock, LegalSection } from './types';

function blockText(block: LegalBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.join(' ');
    case 'table':
      return [block.caption, ...block.columns, ...block.rows.flat()].join(' ');
  }
}

function sectionText(section: LegalSection): string {
  return [section.title, ...section.blocks.map(blockText)].join(' ');
}

function allText(sections: LegalSection[]): string {
  return sections.map(sectionText).join(' ');
}

function findSection(sections: LegalSection[], id: string): LegalSection {
  const section = sections.find((s) => s.id === id);
  if (!section) throw new Error(`Missing section: ${id}`);
  return section;
}

type LegalTable = Extract<LegalBlock, { kind: 'table' }>;

function isTable(block: LegalBlock): block is LegalTable {
  return block.kind === 'table';
}

const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe.each([
  ['terms', termsSections],
  ['privacy', privacySections],
])('%s content structure', (_name, sections) => {
  it('has unique kebab-case ids', () => {
    const ids = sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(KEBAB_CASE);
  });

  it('has titles without numbers and non-empty blocks', () => {
    for (const section of sections) {
      expect(section.title.trim()).not.toBe('');
      expect(section.title).not.toMatch(/^\d/);
      expect(section.blocks.length).toBeGreaterThan(0);
      for (const block of section.blocks) {
        if (block.kind === 'paragraph') expect(block.text.trim()).not.toBe('');
        if (block.kind === 'list') {
          expect(block.items.length).toBeGreaterThan(0);
          for (const item of block.items) expect(item.trim()).not.toBe('');
        }
        if (block.kind === 'table') {
          expect(block.columns.length).toBeGreaterThan(0);
          expect(block.rows.length).toBeGreaterThan(0);
          for (const row of block.rows) expect(row).toHaveLength(block.columns.length);
        }
      }
    }
  });
});

describe('terms of service', () => {
  it('exports the dates', () => {
    expect(TERMS_LAST_UPDATED).toBe('6 October 2025');
    expect(TERMS_EFFECTIVE).toBe('1 October 2025');
  });

  it('has exactly 19 sections in the expected order', () => {
    expect(termsSections).toHaveLength(19);
    expect(termsSections.map((s) => s.title)).toEqual([
      'Acceptance of Terms',
      'Eligibility',
      'Purpose of the Service',
      'Accounts',
      'Content Rules',
      'Ratings and Comments',
      'Leaderboard, Boosts and Donations',
      'Donations',
      'Intellectual Property',
      'Payments and Refunds',
      'Moderation',
      'Disclaimers',
      'Limitation of Liability',
      'Termination',
      'Privacy and Anti-Spam',
      'Indemnification',
      'Governing Law',
      'Changes to These Terms',
      'Contact',
    ]);
  });

  it('names the governing law', () => {
    const text = sectionText(findSection(termsSections, 'governing-law'));
    expect(text).toContain('Australian Capital Territory');
    expect(text).toContain('ACT');
  });

  it('states the boost prices', () => {
    const text = allText(termsSections);
    expect(text).toContain('$1.99');
    expect(text).toContain('$9.99');
  });

  it('states the 7 days refund window', () => {
    const text = sectionText(findSection(termsSections, 'payments-refunds'));
    expect(text).toContain('7 days');
    expect(text).toContain('5 to 10 business days');
  });
});

describe('privacy policy', () => {
  it('exports the last updated date', () => {
    expect(PRIVACY_LAST_UPDATED).toBe('6 October 2025');
  });

  it('has exactly 14 sections in the expected order', () => {
    expect(privacySections).toHaveLength(14);
    expect(privacySections.map((s) => s.title)).toEqual([
      'Introduction',
      'Information We Collect',
      'How We Use Your Information',
      'Sharing Your Information',
      'Data Retention',
      'Security',
      'Your Rights',
      'Cookies and Local Storage',
      'Age Requirement',
      'Content Policy',
      'International Transfers',
      'Anti-Spam',
      'Changes to This Policy',
      'Contact',
    ]);
  });

  it('has a sharing table whose rows match its columns', () => {
    const sharing = findSection(privacySections, 'sharing');
    const table = sharing.blocks.find(isTable);
    if (!table) throw new Error('The sharing section has no table');
    expect(table.columns.length).toBeGreaterThan(0);
    expect(table.rows.length).toBeGreaterThan(0);
    for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
    const parties = table.rows.map((row) => row[0]);
    expect(parties).toEqual(expect.arrayContaining(['Stripe', 'OpenAI']));
  });

  it('mentions the ageVerified storage key', () => {
    expect(allText(privacySections)).toContain('ageVerified');
  });
});
