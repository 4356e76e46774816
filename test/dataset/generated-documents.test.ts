import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { generatedDocuments } from '../../scripts/generated-documents.js';

const documents = await generatedDocuments();

describe('checked-in generated documents', () => {
  for (const [path, expected] of Object.entries(documents)) {
    it(`${path} is current (run npm run docs:generate after changing its source)`, () => {
      assert.equal(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'), expected);
    });
  }
});
