import styled from 'styled-components';

import { useConnection } from '@/lib/connection';
import { OFFLINE_SUMMARY, offlineCommand } from '@/lib/offline-commands';

/**
 * Said by a form while the device is offline (issue 47): whether this save is kept on the device
 * and sent later, or needs the network (decided per command, lib/offline-commands.ts).
 */
export function OfflineNotice({ method, path }: { method: 'POST' | 'PUT'; path: string }) {
  const { online } = useConnection();
  if (online) return null;
  const command = offlineCommand(method, path);
  return (
    <Notice role="status" $kept={Boolean(command)}>
      {command
        ? `You are offline: saving keeps ${command.what} on this device, marked waiting to sync, and sends it when the network is back.`
        : `You are offline, and this needs the network: what you type stays in this form. ${OFFLINE_SUMMARY}`}
    </Notice>
  );
}

const Notice = styled.p<{ $kept: boolean }>`
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: 15px;
  background: ${({ $kept }) => ($kept ? '#eff6ff' : '#fef9c3')};
  color: ${({ $kept }) => ($kept ? '#1e40af' : '#854d0e')};
`;
