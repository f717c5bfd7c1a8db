import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { AnswerSync, type SyncSnapshot } from './answer-sync';
import { createAnswerTransport } from './respondent-api';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page's answer sync: wired to the network, localStorage, timers and the browser's online events. */
export function useAnswerSync(
  code: string,
  serverAnswers: string,
  onClosed: (errorCode: string) => void,
): [AnswerSync, SyncSnapshot] {
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  }, [onClosed]);

  const [sync] = useState(
    () =>
      new AnswerSync({
        code,
        serverAnswers,
        transport: createAnswerTransport(code),
        storage: browserStorage(),
        isOnline: () => navigator.onLine,
        schedule: (run, ms) => {
          const timer = window.setTimeout(run, ms);
          return () => window.clearTimeout(timer);
        },
        onClosed: (errorCode) => onClosedRef.current(errorCode),
      }),
  );

  useEffect(() => {
    sync.start();
    const online = () => sync.online();
    const offline = () => sync.offline();
    const visible = () => {
      if (document.visibilityState === 'visible') {
        sync.flush();
      }
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
      sync.stop();
    };
  }, [sync]);

  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  return [sync, snapshot];
}

/** Answers not yet saved are kept on this device, but warn before leaving: they would not reach another one. */
export function useWarnBeforeLeavingUnsaved(pendingCount: number): void {
  useEffect(() => {
    if (pendingCount === 0) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pendingCount]);
}
