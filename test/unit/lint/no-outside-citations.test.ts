/**
 * The code's comments may only point to what a reader of this repository can open. The API's rules live in
 * docs/api/ (one page per area, with anchors); a comment that cites a specification kept outside the
 * repository (its file names, or its numbered sections "C1".."C19") leaves the reader with nothing to check.
 * This runs the same search as `grep -rn "contract.md\|interface.md\|C1[0-9]\b\|\bC[1-9]\b" src/` and fails
 * on any hit; it also checks that every docs/api link written in src/ names a page and a heading that exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const OUTSIDE_CITATION = /contract\.md|interface\.md|C1[0-9]\b|\bC[1-9]\b/;
const API_LINK = /docs\/api\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Text files only: grep skips binary files' contents too (a NUL byte marks one). */
function textFiles(dir: string): Array<{ path: string; text: string }> {
  return filesUnder(dir)
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    .filter(({ text }) => !text.includes('\0'));
}

function citingLines(files: Array<{ path: string; text: string }>): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .map((line, i) => ({ line, i }))
      .filter(({ line }) => OUTSIDE_CITATION.test(line))
      .map(({ line, i }) => `${relative(ROOT, path)}:${i + 1}: ${line.trim()}`),
  );
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const headings = markdown.split('\n').filter((line) => /^#{1,6} /.test(line));
  return new Set(
    headings.map((h) =>
      h
        .replace(/^#+ /, '')
        .toLowerCase()
        .replace(/[^a-z0-9 -]/g, '')
        .replace(/ /g, '-'),
    ),
  );
}

describe('comments cite only what the repository holds', () => {
  it('finds a citation of the outside specification, in any of its forms', () => {
    const sample = [
      { path: join(ROOT, 'src', 'x.ts'), text: '// see contract.md\n// as C7 says\n// (C16)\n// interface.md "Widget"\n' },
      { path: join(ROOT, 'src', 'y.ts'), text: '// C1_CONTROL bytes\n// C100 and PC9x\n// docs/api/errors.md#body\n' },
    ];
    expect(citingLines(sample)).toEqual([
      'src/x.ts:1: // see contract.md',
      'src/x.ts:2: // as C7 says',
      'src/x.ts:3: // (C16)',
      'src/x.ts:4: // interface.md "Widget"',
    ]);
  });

  it('src/ has no comment citing the outside specification', () => {
    expect(citingLines(textFiles(join(ROOT, 'src')))).toEqual([]);
  });

  it('every docs/api link in src/ names a page and a heading that exist', () => {
    const broken = textFiles(join(ROOT, 'src')).flatMap(({ path, text }) =>
      [...text.matchAll(API_LINK)]
        .filter(([, page, anchor]) => {
          const file = join(ROOT, 'docs', 'api', page);
          return !existsSync(file) || (anchor !== undefined && !anchorsOf(readFileSync(file, 'utf8')).has(anchor));
        })
        .map(([link]) => `${relative(ROOT, path)}: ${link}`),
    );
    expect(broken).toEqual([]);
  });
});
