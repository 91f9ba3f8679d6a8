/**
 * The alert rule editor (spec §2): the form on the left; on the right the live preview against the
 * covered sensors' last values and the 7-day backtest. Saving creates or replaces the rule; the
 * server's field errors show on their fields and in a list above the form.
 */
import type { RuleData } from '@ferrite/contracts';
import {
  Alert,
  Button,
  Grid,
  Group,
  List,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifySuccess } from '../../../session/notify';
import { useCreateRuleMutation, useGetRuleQuery, useUpdateRuleMutation } from '../api/rulesApi';
import { fieldErrorsOf, problemOf, useOrgId } from '../hooks';
import { BacktestPanel } from './BacktestPanel';
import { isComplete } from './conditionTree';
import { PreviewPanel } from './PreviewPanel';
import { RuleForm } from './RuleForm';
import { bodyOfDraft, draftOfRule, newRuleDraft, type RuleDraft } from './ruleForm';

interface RuleEditorModalProps {
  /** null creates a new rule. */
  ruleId: string | null;
  onClose: () => void;
}

/** The rule's data when it can be previewed (a scope and every parameter named). */
function previewable(draft: RuleDraft): RuleData | null {
  const { scope, condition } = draft.data;
  if (!scope || !isComplete(condition)) return null;
  if (draft.data.clear.kind === 'condition' && !isComplete(draft.data.clear.condition)) return null;
  return { ...draft.data, scope };
}

/** The modal. */
export function RuleEditorModal({ ruleId, onClose }: RuleEditorModalProps) {
  const orgId = useOrgId();
  const saved = useGetRuleQuery({ orgId, ruleId: ruleId ?? '' }, { skip: !orgId || !ruleId });
  const [draft, setDraftState] = useState<RuleDraft | null>(ruleId ? null : newRuleDraft());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [scopeParams, setScopeParams] = useState<string[]>([]);
  const [seenParams, setSeenParams] = useState<string[]>([]);
  const problemRef = useRef<HTMLDivElement>(null);
  // A refused save shows its list at the top of the form: bring it into view.
  useEffect(() => {
    if (!problem) return;
    // After the save button settles (it keeps the focus, and the view, while loading).
    const timer = setTimeout(() => {
      problemRef.current?.focus({ preventScroll: true });
      problemRef.current?.scrollIntoView({ block: 'start' });
    }, 50);
    return () => clearTimeout(timer);
  }, [problem]);
  const [create, creating] = useCreateRuleMutation();
  const [update, updating] = useUpdateRuleMutation();
  useEffect(() => {
    if (ruleId && saved.data && !draft) setDraftState(draftOfRule(saved.data));
  }, [ruleId, saved.data, draft]);
  const setDraft = useCallback(
    (change: (d: RuleDraft) => RuleDraft) => setDraftState((d) => (d ? change(d) : d)),
    [],
  );
  const params = useMemo(
    () => [...new Set([...scopeParams, ...seenParams])].sort(),
    [scopeParams, seenParams],
  );
  const data = draft ? previewable(draft) : null;

  const save = async () => {
    if (!draft) return;
    setErrors({});
    setProblem(null);
    try {
      const body = bodyOfDraft(draft);
      if (ruleId) await update({ orgId, ruleId, body }).unwrap();
      else await create({ orgId, body }).unwrap();
      notifySuccess(ruleId ? 'Rule saved' : 'Rule created');
      onClose();
    } catch (error) {
      const answer = problemOf(error);
      const fields = fieldErrorsOf(answer);
      setErrors(fields);
      setProblem(
        Object.keys(fields).length ? 'Please check the highlighted fields' : answer.detail || answer.title,
      );
    }
  };
  const errorLines = Object.entries(errors);

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        <Title order={2} size="h4">
          {ruleId ? 'Edit alert rule' : 'New alert rule'}
        </Title>
      }
      size="min(1280px, 96vw)"
      radius="lg"
      padding="md"
      scrollAreaComponent={ScrollArea.Autosize}
      closeOnClickOutside={false}
      data-testid="rule-editor"
    >
      {!draft ? (
        <Stack gap="sm">
          <Skeleton height={40} />
          <Skeleton height={200} />
          <Skeleton height={120} />
        </Stack>
      ) : (
        <Stack gap="md">
          {problem && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={problem}
              data-testid="rule-errors"
              tabIndex={-1}
            >
              {errorLines.length > 0 && (
                <List size="sm" spacing={2}>
                  {errorLines.slice(0, 8).map(([path, message]) => (
                    <List.Item key={path}>
                      {path}: {message}
                    </List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <RuleForm
                draft={draft}
                setDraft={setDraft}
                errors={errors}
                params={params}
                onScopeParams={setScopeParams}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="md" style={{ position: 'sticky', top: 0 }}>
                <Paper withBorder radius="md" p="sm">
                  <Title order={3} size="h5" mb="xs">
                    Live preview
                  </Title>
                  <PreviewPanel data={data} onParams={setSeenParams} />
                </Paper>
                <Paper withBorder radius="md" p="sm">
                  <Title order={3} size="h5" mb="xs">
                    Backtest
                  </Title>
                  <BacktestPanel data={data} severity={draft.severity} />
                </Paper>
              </Stack>
            </Grid.Col>
          </Grid>
          <Group justify="flex-end" gap="sm">
            {problem && (
              <Text size="sm" c="red" mr="auto" data-testid="rule-errors-footer">
                {errorLines.length
                  ? `${errorLines.length} ${errorLines.length === 1 ? 'field needs' : 'fields need'} attention: ${errorLines
                      .slice(0, 3)
                      .map(([path]) => path)
                      .join(', ')}`
                  : problem}
              </Text>
            )}
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={creating.isLoading || updating.isLoading}>
              {ruleId ? 'Save rule' : 'Create rule'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
