/**
 * The Alerts window (spec §2): Home (counts, what fired, rules, silences, the rule editor) and My Inbox
 * (the list page of alerts); projects, apps, logs, settings and help are hidden links. An alert opens its
 * detail in place, one step under the section it came from; the rule editor opens over any section.
 */
import { type AlertSeverity, APPS } from '@ferrite/contracts';
import { useState } from 'react';
import { SectionEmpty } from '../../ui/SectionEmpty';
import type { AppViewProps } from '../manifest';
import { AlertDetail } from './detail/AlertDetail';
import { RuleEditorModal } from './editor/RuleEditorModal';
import { AlertsHome } from './home/AlertsHome';
import { Inbox } from './inbox/Inbox';
import { alertsApp } from './index';

/** What the rule editor edits: a new rule (null id) or an existing one. */
export interface RuleEditing {
  ruleId: string | null;
}

/** The app's window body, by section. */
export default function AlertsApp({ section, onNavigate }: AppViewProps) {
  const [openAlert, setOpenAlert] = useState<{ id: string; section: string } | null>(null);
  const [editing, setEditing] = useState<RuleEditing | null>(null);
  // A severity card opens the inbox filtered by it; each visit starts the inbox afresh (its key).
  const [inboxSeed, setInboxSeed] = useState<{ severity?: AlertSeverity; n: number }>({ n: 0 });
  const openInbox = (severity?: AlertSeverity) => {
    setInboxSeed((seed) => ({ severity, n: seed.n + 1 }));
    onNavigate('inbox');
  };
  const shownAlert = openAlert?.section === section ? openAlert.id : null;
  const open = (id: string) => setOpenAlert({ id, section });
  const editRule = (ruleId: string | null) => setEditing({ ruleId });

  let body: React.ReactNode;
  if (shownAlert) {
    body = (
      <AlertDetail
        alertId={shownAlert}
        backLabel={section === 'inbox' ? 'My Inbox' : 'Home'}
        onBack={() => setOpenAlert(null)}
        onEditRule={editRule}
      />
    );
  } else if (section === 'alerts') {
    body = <AlertsHome onOpenAlert={open} onEditRule={editRule} onInbox={openInbox} />;
  } else if (section === 'inbox') {
    body = (
      <Inbox
        key={inboxSeed.n}
        onOpen={open}
        initialSeverity={inboxSeed.severity ? [inboxSeed.severity] : undefined}
      />
    );
  } else {
    const label = APPS.alerts.sections.find((s) => s.key === section)?.label ?? section;
    body = <SectionEmpty sectionKey={section} label={label} appTitle="Alerts" color={alertsApp.color} />;
  }
  return (
    <>
      {body}
      {editing && <RuleEditorModal ruleId={editing.ruleId} onClose={() => setEditing(null)} />}
    </>
  );
}
