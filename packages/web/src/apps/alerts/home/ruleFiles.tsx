/**
 * Export and import of rules as JSON: the export downloads `alert-rules-<date>.json`; an import reads
 * the file, checks it against the contracts' export format first (so a wrong file is named at once,
 * field by field), then sends it and shows the server's own field errors the same way.
 */
import { rulesExportSchema } from '@ferrite/contracts';
import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { useExportRulesMutation, useImportRulesMutation } from '../api/rulesApi';
import { problemOf, runAction, useOrgId } from '../hooks';

/** What went wrong with an import: a title and one line per field. */
export interface ImportProblem {
  title: string;
  lines: string[];
}

/** Reads the problems of a parsed file against the export format; null when it fits. */
export function checkRulesFile(text: string): ImportProblem | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { title: 'The file is not JSON', lines: ['Choose a file exported with “Export JSON”.'] };
  }
  const result = rulesExportSchema.safeParse(parsed);
  if (result.success) return null;
  return {
    title: 'The file cannot be imported',
    lines: result.error.issues.slice(0, 8).map((issue) => {
      const path = issue.path.join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    }),
  };
}

/** Export and import, with the last import's problems. */
export function useRuleFiles() {
  const orgId = useOrgId();
  const [exportRules] = useExportRulesMutation();
  const [importRules] = useImportRulesMutation();
  const [problems, setProblems] = useState<ImportProblem | null>(null);

  const exportAll = () =>
    runAction(async () => {
      const file = await exportRules({ orgId }).unwrap();
      const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `alert-rules-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    });

  const importFile = async (file: File | null) => {
    if (!file) return;
    setProblems(null);
    const text = await file.text();
    const local = checkRulesFile(text);
    if (local) {
      setProblems(local);
      return;
    }
    try {
      const result = await importRules({ orgId, body: JSON.parse(text) }).unwrap();
      notifySuccess(`${result.imported} ${result.imported === 1 ? 'rule' : 'rules'} imported`);
    } catch (error) {
      const problem = problemOf(error);
      setProblems({
        title: problem.title,
        lines: problem.errors?.length
          ? problem.errors.map((e) => `${e.path.replace(/^body\.?/, '')}: ${e.message}`)
          : [problem.detail].filter(Boolean),
      });
    }
  };
  return { exportAll, importFile, problems, clearProblems: () => setProblems(null) };
}

/** The last import's problems, closable. */
export function ImportProblems({
  problems,
  onClose,
}: {
  problems: ImportProblem | null;
  onClose: () => void;
}) {
  if (!problems) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={problems.title}
      withCloseButton
      onClose={onClose}
      data-testid="import-problems"
    >
      <List size="sm" spacing={2}>
        {problems.lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
