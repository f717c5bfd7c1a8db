import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAssessment } from '../../test/assessment-factories';
import { createSignedInClinician } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

// Slow requests: a client that sends its headers or body a byte at a time must not hold a
// connection for ever, and one address must not hold every connection. The timeouts are configurable; this server
// uses short ones (docs/operations.md "Configuration"), so the test takes seconds, not minutes.

let server: TestServer;
let code: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '0.5', MAX_CONNECTIONS_PER_ADDRESS: '50' },
  });
  const clinician = await createSignedInClinician(server);
  ({ code } = await insertAssessment(server, { clinicianId: clinician.id, consented: true }));
});

afterAll(async () => {
  await server?.close();
});

interface RawConnection {
  socket: Socket;
  /** Everything the server wrote. */
  received(): string;
  /** Resolves when the server (or the network) closed the connection. */
  closed: Promise<void>;
}

function openConnection(url: string, localAddress = '127.0.0.1'): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte at a time, `intervalMs` apart, until it is all sent or the connection is gone. */
async function trickle(connection: RawConnection, text: string, intervalMs: number): Promise<number> {
  let sent = 0;
  let isClosed = false;
  void connection.closed.then(() => (isClosed = true));
  for (const byte of text) {
    if (isClosed || connection.socket.destroyed) {
      break;
    }
    connection.socket.write(byte);
    sent += 1;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return sent;
}

describe('slow requests', () => {
  it('cuts a request body sent a byte at a time, and keeps answering everyone else meanwhile', async () => {
    const body = JSON.stringify({ answers: [{ item: 1, value: 2 }] }).padEnd(200, ' ');
    const connection = await openConnection(server.url);
    connection.socket.write(
      `POST /api/patient/${code}/answers HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const sending = trickle(connection, body, 100);
    // While the slow body trickles in, the server answers other requests.
    const patient = server.client();
    for (let i = 0; i < 3; i++) {
      expect((await patient.get(`/api/patient/${code}`)).status).toBe(200);
    }
    const sent = await sending;
    await connection.closed;
    expect(sent, 'the server closed the connection before the body was complete').toBeLessThan(body.length);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Nothing of the cut body was saved, and the server still serves.
    const after = (await (await patient.get(`/api/patient/${code}`)).json()) as { answers: string };
    expect(after.answers[0]).toBe('9');
  });

  it('cuts headers sent a byte at a time', async () => {
    const connection = await openConnection(server.url);
    const headers = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'x'.repeat(100)}\r\n\r\n`;
    const sent = await trickle(connection, headers, 50);
    await connection.closed;
    expect(sent).toBeLessThan(headers.length);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe('connections per address', () => {
  let bounded: TestServer;

  beforeAll(async () => {
    bounded = await startTestServer({ env: { MAX_CONNECTIONS_PER_ADDRESS: '3' } });
  });

  afterAll(async () => {
    await bounded?.close();
  });

  it('refuses a connection beyond the bound from one address, not from another, and frees a place when one closes', async () => {
    const held = await Promise.all([1, 2, 3].map(() => openConnection(bounded.url)));
    const extra = await openConnection(bounded.url);
    await extra.closed;
    expect(extra.received()).toBe('');

    // Another address (a patient elsewhere) is still served.
    const other = await openConnection(bounded.url, '127.0.0.2');
    other.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await other.closed;
    expect(other.received()).toMatch(/^HTTP\/1\.1 200 /);

    // One of the three closes: once the server has seen it go, the address may connect again (the server learns of
    // the close a moment after the client, so the test asks until it is let in).
    const [first] = held;
    first!.socket.end();
    await first!.closed;
    let answer = '';
    for (let attempt = 0; attempt < 50 && !answer; attempt++) {
      const again = await openConnection(bounded.url);
      again.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      await again.closed;
      answer = again.received();
    }
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    for (const connection of held) {
      connection.socket.destroy();
    }
  });
});
