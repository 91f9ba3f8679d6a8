/** My Requests: sign-up requests by status; pending ones are approved (confirmed) or rejected (with a reason). */
import type { OrgRequestDetail } from '@ferrite/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiProblem } from '../../../app/baseQuery';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useBrand } from '../../../brand/useBrand';
import { notifyError, notifySuccess } from '../../../session/notify';
import { Breadcrumbs, useTrail } from '../../../ui/Breadcrumbs';
import { confirmAction } from '../../../ui/confirm';
import { type ListColumn, ListPage } from '../../../ui/ListPage';
import { DateTime, formatRelative } from '../../../ui/time';
import { useApproveOrgRequestMutation, useRejectOrgRequestMutation } from '../api/requestsApi';
import { useRequestsList } from '../hooks';
import { type RequestStatus, requestPageChanged, requestTabChanged, selectTenant } from '../store';
import { OrgAddress, OrgAvatar } from './OrgBits';
import { RejectRequestModal } from './RejectRequestModal';

const EMPTY: Record<RequestStatus, string> = {
  pending: 'No requests are waiting. New sign-ups show up here for review.',
  approved: 'No approved requests yet.',
  rejected: 'No rejected requests.',
};

function when(iso: string | null) {
  return (
    <div>
      <Text size="sm">
        <DateTime value={iso} />
      </Text>
      <Text size="xs" c="dimmed">
        {formatRelative(iso)}
      </Text>
    </div>
  );
}

function baseColumns(): ListColumn<OrgRequestDetail>[] {
  return [
    {
      key: 'org',
      header: 'Organization',
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <OrgAvatar org={{ name: r.organization_name, slug: r.slug }} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {r.organization_name}
            </Text>
            <OrgAddress slug={r.slug} />
          </div>
        </Group>
      ),
    },
    {
      key: 'requester',
      header: 'Requested by',
      width: '26%',
      render: (r) => (
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {r.requester.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {r.requester.email}
          </Text>
        </div>
      ),
    },
    { key: 'created', header: 'Requested', width: 130, render: (r) => when(r.created_at) },
  ];
}

/** The requests section. */
export function RequestsSection() {
  useTrail('myRequests');
  const dispatch = useAppDispatch();
  const { subDomainSuffix } = useBrand();
  const { requestTab, requestCounts } = useAppSelector(selectTenant);
  const { list, loading, error, refetch, search, setSearch } = useRequestsList();
  const [approve] = useApproveOrgRequestMutation();
  const [reject] = useRejectOrgRequestMutation();
  const [rejecting, setRejecting] = useState<OrgRequestDetail | null>(null);

  const onApprove = async (request: OrgRequestDetail) => {
    const ok = await confirmAction({
      title: 'Approve request',
      message: `Approve ${request.organization_name}? This creates ${request.slug}${subDomainSuffix} and makes ${request.requester.name} its admin.`,
      confirmLabel: 'Approve',
    });
    if (!ok) return;
    const result = await approve(request);
    if (result.error) {
      const problem = result.error as ApiProblem;
      notifyError(problem.title, problem.detail);
    } else {
      notifySuccess(
        `${request.organization_name} approved`,
        `${request.requester.email} has been told by e-mail.`,
      );
    }
  };

  const onReject = async (request: OrgRequestDetail, reason: string) => {
    const result = await reject({ request, reason });
    if (result.error) {
      const problem = result.error as ApiProblem;
      notifyError(problem.title, problem.detail);
      return false;
    }
    notifySuccess(`${request.organization_name} rejected`, `${request.requester.email} has been told why.`);
    return true;
  };

  const columns = baseColumns();
  if (requestTab === 'pending') {
    columns.push({
      key: 'decide',
      header: 'Decision',
      width: 210,
      align: 'right',
      render: (r) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconX size={14} />}
            onClick={() => setRejecting(r)}
          >
            Reject
          </Button>
          <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => onApprove(r)}>
            Approve
          </Button>
        </Group>
      ),
    });
  } else {
    columns.push({
      key: 'decided',
      header: requestTab === 'approved' ? 'Approved' : 'Rejected',
      width: 130,
      render: (r) => when(r.decided_at),
    });
  }
  if (requestTab === 'rejected') {
    columns.splice(2, 0, {
      key: 'reason',
      header: 'Reason',
      width: '24%',
      render: (r) => (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {r.reason ?? '—'}
        </Text>
      ),
    });
  }

  return (
    <>
      <ListPage<OrgRequestDetail>
        title="Sign-up requests"
        count={requestCounts.pending}
        // The heading names every request; the badge counts those still waiting, so it says so.
        countNoun={['pending', 'pending']}
        description="People who asked for an organization. Approving creates it and makes the requester its admin."
        breadcrumbs={<Breadcrumbs trail="myRequests" />}
        tabs={[
          { value: 'pending', label: 'Pending', count: requestCounts.pending },
          { value: 'approved', label: 'Approved', count: requestCounts.approved },
          { value: 'rejected', label: 'Rejected', count: requestCounts.rejected },
        ]}
        activeTab={requestTab}
        onTabChange={(tab) => dispatch(requestTabChanged(tab as RequestStatus))}
        onSearch={setSearch}
        searchPlaceholder="Search requests"
        items={list.items}
        getKey={(r) => r.id}
        itemLabel={(r) => r.organization_name}
        columns={columns}
        paging={{
          page: list.page,
          pageSize: list.pageSize,
          total: list.total,
          onPageChange: (page) => dispatch(requestPageChanged(page)),
        }}
        loading={loading}
        error={error && { title: error.title, detail: error.detail, onRetry: refetch }}
        empty={{
          title: search ? 'No matches' : undefined,
          message: search ? `No request matches “${search}”.` : EMPTY[requestTab],
        }}
      />
      <RejectRequestModal request={rejecting} onClose={() => setRejecting(null)} onReject={onReject} />
    </>
  );
}
