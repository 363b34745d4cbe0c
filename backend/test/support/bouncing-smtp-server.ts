import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * An SMTP server on this machine that refuses every recipient the way a real one does, quoting
 * the address back ("550 5.1.1 <ann@example.com>: Recipient address rejected"): the error from
 * below that must reach the log without it.
 */
export async function startBouncingSmtpServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    socket.write('220 bounce.test ESMTP\r\n');
    let pending = '';
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        socket.write(answer(line));
        if (/^QUIT/i.test(line)) socket.end();
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}

function answer(line: string): string {
  const verb = line.slice(0, 4).toUpperCase();
  if (verb === 'EHLO' || verb === 'HELO') return '250 bounce.test\r\n';
  if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') return '250 2.1.0 Ok\r\n';
  if (verb === 'RCPT') {
    const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
    return `550 5.1.1 <${address}>: Recipient address rejected: User unknown\r\n`;
  }
  if (verb === 'QUIT') return '221 2.0.0 Bye\r\n';
  return '502 5.5.2 Error: command not recognized\r\n';
}
