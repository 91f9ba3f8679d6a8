/**
 * The live trace of a chain while the editor is open: GET …/trace, then the chain's `pipelineTrace`
 * room. A newer revision's event (someone deployed) or a reconnect reads the trace again.
 */
import { useEffect, useRef, useState } from 'react';
import { useResumeOnReconnect } from '../../../app/sensorRoom';
import { type RoomStatus, useSocketRoom } from '../../../app/socket';
import type { ChainArg } from '../api/apiBase';
import { useGetTraceQuery } from '../api/traceApi';
import { addTraceEvent, NO_TRACE, type TraceState, traceFrom } from './traceState';

/** The chain's trace state and the room's status. */
export function useChainTrace(arg: ChainArg | null): {
  trace: TraceState;
  status: RoomStatus;
  refetch: () => void;
} {
  const query = useGetTraceQuery(arg ?? { orgId: '', projectId: '', pipelineId: '' }, {
    skip: !arg,
    refetchOnMountOrArgChange: true,
  });
  const [trace, setTrace] = useState<TraceState>(NO_TRACE);
  const revision = useRef(0);
  useEffect(() => {
    if (!query.data) return;
    revision.current = query.data.revision;
    setTrace(traceFrom(query.data));
  }, [query.data]);
  const { refetch } = query;
  const status = useSocketRoom(
    arg ? { kind: 'pipelineTrace', orgId: arg.orgId, pipelineId: arg.pipelineId } : null,
    {
      'pipeline.trace': (event) => {
        if (!arg || event.pipeline_id !== arg.pipelineId) return;
        if (event.revision > revision.current) void refetch();
        else setTrace((current) => addTraceEvent(current, event));
      },
    },
  );
  useResumeOnReconnect(status, arg ? () => void refetch() : undefined);
  return { trace, status, refetch: () => void refetch() };
}
