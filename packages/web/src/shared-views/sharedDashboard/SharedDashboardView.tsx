/**
 * /dashboards/{uuid} (spec §2): asks for the password, verifies it, then shows the dashboard read-only
 * and live; a link that expired or was revoked shows a page that says so. The link's token is kept for
 * this tab, so a reload goes straight back to the dashboard while the token lives.
 */
import type { ReportWindow, ShareVerifyResponse } from '@ferrite/contracts';
import { useCallback, useState } from 'react';
import { PublicViewLayout } from '../PublicViewLayout';
import { LinkDead } from './LinkDead';
import { PasswordGate } from './PasswordGate';
import { SharedStage } from './SharedStage';
import { shareTokenStore } from './shareClient';

type Stage =
  | { kind: 'password'; notice: string | null }
  | { kind: 'view'; token: string }
  | { kind: 'dead'; reason: string };

/** The view of one link; with `dataWindow`, a snapshot of every widget over that window. */
export default function SharedDashboardView({
  uuid,
  dataWindow = null,
}: {
  uuid: string;
  dataWindow?: ReportWindow | null;
}) {
  const [stage, setStage] = useState<Stage>(() => {
    const token = shareTokenStore.read(uuid);
    return token ? { kind: 'view', token } : { kind: 'password', notice: null };
  });
  const verified = useCallback(
    (answer: ShareVerifyResponse) => {
      shareTokenStore.write(uuid, answer.token, answer.expires_at);
      setStage({ kind: 'view', token: answer.token });
    },
    [uuid],
  );
  const askPassword = useCallback(
    (notice: string) => {
      shareTokenStore.clear(uuid);
      setStage({ kind: 'password', notice });
    },
    [uuid],
  );
  const dead = useCallback(
    (reason: string) => {
      shareTokenStore.clear(uuid);
      setStage({ kind: 'dead', reason });
    },
    [uuid],
  );

  if (stage.kind === 'view') {
    return (
      <SharedStage
        key={stage.token}
        uuid={uuid}
        token={stage.token}
        dataWindow={dataWindow}
        onPassword={askPassword}
        onDead={dead}
      />
    );
  }
  return (
    <PublicViewLayout>
      {stage.kind === 'dead' ? (
        <LinkDead reason={stage.reason} />
      ) : (
        <PasswordGate uuid={uuid} notice={stage.notice} onVerified={verified} onDead={dead} />
      )}
    </PublicViewLayout>
  );
}
