import { describe, expect, it } from 'vitest';
import { commentsOf, findBadReferences, problemsOf } from './doc-references';

describe('comments cite our own docs', () => {
  it('finds issue numbers and documents that are not in the repository', () => {
    expect(problemsOf('apps/api/src/x.ts', '// the rule of issue 14a')).toHaveLength(1);
    expect(problemsOf('apps/api/src/x.ts', '/* Issues 16 and 17 */')).toHaveLength(1);
    expect(problemsOf('apps/api/src/x.ts', '// domain.md 7')).toHaveLength(1);
    expect(problemsOf('apps/api/src/x.ts', '// see docs/decisions.md')).toHaveLength(1);
    expect(problemsOf('apps/api/src/x.ts', '// design/architecture.md, house rule 13')).toHaveLength(1);
    expect(problemsOf('apps/api/src/x.ts', '// docs/domain.md, No such section')).toHaveLength(1);
  });

  it('accepts sections of our docs and the specification by name', () => {
    expect(problemsOf('apps/api/src/x.ts', '// docs/domain.md, Time zones and today')).toEqual([]);
    expect(problemsOf('apps/api/src/x.ts', '// (docs/domain.md, Which meters count)')).toEqual([]);
    expect(problemsOf('apps/api/src/x.ts', '// docs/decisions/ledger.md, Lock order.')).toEqual([]);
    expect(problemsOf('apps/api/src/x.ts', '// docs/architecture.md')).toEqual([]);
    expect(problemsOf('apps/api/src/x.ts', '// core-portal.md 9, data-portal.md section 5')).toEqual([]);
    expect(problemsOf('apps/api/src/x.ts', '// the tissue 5 layers')).toEqual([]);
  });

  it('reads comments, not strings or JSX text', () => {
    const text = "const a = 'issue 5'; // rule\n/* b */ const c = <p>see domain.md</p>;\n";
    expect(commentsOf('x.tsx', text).map((c) => c.text)).toEqual(['// rule', '/* b */']);
    expect(commentsOf('x.sql', 'select 1; -- issue 9\n').map((c) => c.text)).toEqual(['-- issue 9']);
  });

  it('no comment in apps, packages, bench or scripts points outside the repository', () => {
    const found = findBadReferences().map((f) => `${f.file}:${f.line} ${f.problem}\n    ${f.text}`);
    expect(found, found.join('\n')).toEqual([]);
  });
});
