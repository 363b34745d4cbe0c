import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A message as the catcher received it: its envelope and its raw text (headers and body). */
export interface CaughtMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A local SMTP catcher like the ones developers run (MailHog, Mailpit, smtp4dev): plain SMTP on
 * this machine, offering neither STARTTLS nor AUTH, keeping every message it is given. With
 * `bounce`, it refuses every recipient the way a real server does, quoting the address back
 * ("550 5.1.1 <ann@example.com>: Recipient address rejected"): the error from below that must
 * reach the log without it.
 */
export async function startCatchingSmtpServer({ bounce = false } = {}): Promise<{
  url: string;
  caught: CaughtMail[];
  close(): Promise<void>;
}> {
  const caught: CaughtMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    socket.write('220 catcher.test ESMTP\r\n');
    let pending = '';
    let mail: CaughtMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            caught.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 Ok: queued\r\n');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 catcher.test\r\n');
        else if (verb === 'MAIL') {
          mail.from = address;
          socket.write('250 2.1.0 Ok\r\n');
        } else if (verb === 'RCPT' && bounce) {
          socket.write(`550 5.1.1 <${address}>: Recipient address rejected: User unknown\r\n`);
        } else if (verb === 'RCPT') {
          mail.to.push(address);
          socket.write('250 2.1.5 Ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 2.0.0 Ok\r\n');
        else if (verb === 'QUIT') {
          socket.write('221 2.0.0 Bye\r\n');
          socket.end();
        } else socket.write('502 5.5.2 Error: command not recognized\r\n');
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    caught,
    close: () =>
      new Promise((closed) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => closed());
      }),
  };
}
