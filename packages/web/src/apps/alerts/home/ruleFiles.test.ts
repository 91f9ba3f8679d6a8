import { RULES_EXPORT_FORMAT } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { checkRulesFile } from './ruleFiles';

describe('importing rules from a JSON file', () => {
  it('names a file that is not JSON', () => {
    expect(checkRulesFile('rule: hot')?.title).toBe('The file is not JSON');
  });

  it('names what is wrong with each field of a file in the wrong shape', () => {
    const problem = checkRulesFile(JSON.stringify({ format: 'other', rules: [] }));
    expect(problem?.title).toBe('The file cannot be imported');
    expect(problem?.lines.join('\n')).toContain(
      `format: The file is not a Ferrite rules export (${RULES_EXPORT_FORMAT})`,
    );
    expect(problem?.lines.join('\n')).toContain('rules: The file holds no rules');
  });

  it('lets a well-formed export through', () => {
    const file = {
      format: RULES_EXPORT_FORMAT,
      rules: [
        {
          rule_name: 'Hot',
          severity: 'major',
          data: {
            scope: { kind: 'sensor_type', type_id: '5d1e8c2a-1b3f-4c6d-9e7f-0a1b2c3d4e5f' },
            condition: { op: 'gt', param: 'temperature', value: 80 },
          },
        },
      ],
    };
    expect(checkRulesFile(JSON.stringify(file))).toBeNull();
  });
});
