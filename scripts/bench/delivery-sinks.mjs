// Production mode refuses to start without a mail server and an SMS gateway (docs/decisions/0008). The benchmark
// gives the API two on the loopback that accept every message and keep nothing, so the order messages its worker sends
// cost what delivering them costs, without anyone receiving them. The chaos suite counts what arrives: each sink can
// report every message's recipients, its id (an e-mail's Message-ID, an SMS request's Idempotency-Key) and an SMS's text.
import http from 'node:http';
import net from 'node:net';
import { freePort, onCleanup } from './processes.mjs';

/**
 * Just enough SMTP for nodemailer: greets, says yes to every command, swallows the message body, and tells `onEmail` of
 * each message (`{ to, id }`: its recipients and Message-ID).
 */
function smtpSink(onEmail) {
  return net.createServer((socket) => {
    let inData = false;
    let pending = '';
    let to = [];
    let id;
    socket.write('220 bench-sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('latin1');
      let end;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            onEmail?.({ to, id });
            to = [];
            id = undefined;
            socket.write('250 OK\r\n');
          } else id ??= /^Message-ID:\s*(\S+)/i.exec(line)?.[1];
        } else if (/^RCPT TO:/i.test(line)) {
          to.push(/<([^>]*)>/.exec(line)?.[1].toLowerCase() ?? '');
          socket.write('250 OK\r\n');
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 bench-sink\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
}

const listen = (server, port) => new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));

/**
 * Starts both sinks; returns the production settings that point the API at them. `onSms` hears of each SMS
 * (`{ to, text, id }`: the gateway request's recipient, text and Idempotency-Key).
 */
export async function startDeliverySinks({ onEmail, onSms } = {}) {
  const smtp = smtpSink(onEmail);
  const sms = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (onSms) {
        const message = JSON.parse(body || '{}');
        onSms({ to: message.to, text: message.message, id: request.headers['idempotency-key'] });
      }
      response.end('{}');
    });
  });
  const smtpPort = await freePort(8400);
  await listen(smtp, smtpPort);
  const smsPort = await freePort(smtpPort + 1);
  await listen(sms, smsPort);
  onCleanup('stop the delivery sinks', () => Promise.all([smtp, sms].map((server) => new Promise((resolve) => server.close(resolve)))));
  return {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Attar bench <bench@attar.example>',
    SMS_GATEWAY_URL: `http://127.0.0.1:${smsPort}/send`,
  };
}
