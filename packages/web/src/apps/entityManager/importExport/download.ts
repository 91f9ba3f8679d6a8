/**
 * Export downloads: the file comes from GET …/hierarchy/export with the session's bearer token, read
 * as a Blob and saved through a link (RTK Query would keep the file in the store). A 401 refreshes
 * the session once and retries, as the API client does.
 */
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../../app/store';
import { refreshSession } from '../../../session/lifecycle';
import { notifyError } from '../../../session/notify';
import { selectAuthToken } from '../../../session/sessionSlice';
import { saveText } from './importFile';

/** The file name from a Content-Disposition header, or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** A function that downloads `url` (an /api path) as a file; resolves whether it worked. */
export function useAuthorizedDownload(): (url: string, fallbackName: string) => Promise<boolean> {
  const store = useStore<RootState>();
  return useCallback(
    async (url: string, fallbackName: string) => {
      const get = (token: string | null) =>
        fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      try {
        let response = await get(selectAuthToken(store.getState()));
        if (response.status === 401) {
          const renewed = await refreshSession(store.dispatch, store.getState);
          if (!renewed) return false;
          response = await get(renewed);
        }
        if (!response.ok) {
          const problem = (await response.json().catch(() => null)) as {
            title?: string;
            detail?: string;
          } | null;
          notifyError(problem?.title ?? `Export failed (${response.status})`, problem?.detail);
          return false;
        }
        const name = fileNameOf(response.headers.get('content-disposition'), fallbackName);
        saveText(name, await response.blob());
        return true;
      } catch {
        notifyError('Network error', 'The server could not be reached. Check your connection.');
        return false;
      }
    },
    [store],
  );
}
