#!/usr/bin/env node
/**
 * A local stand-in for OpenStreetMap's tile server, for the browser tests:
 * the shop's maps ask for `/{z}/{x}/{y}.png` here (the stack's
 * MAP_TILES_URL), so no test fetches anything from outside. Every tile is
 * the same 256×256 PNG in a pale green; GET /requests lists the tiles asked
 * for (JSON, oldest first) and GET /health answers once it listens.
 *
 * Settings (environment): TILES_FAKE_ADDR (host:port, 127.0.0.1:18091 by default).
 *
 * Only node:http and node:zlib: the tests' stack starts it with `node`.
 */
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';

const [host, port] = (process.env.TILES_FAKE_ADDR ?? '127.0.0.1:18091').split(':');

/** CRC-32 of a PNG chunk (its type and data). */
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG of one colour. */
function tile([r, g, b]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + 256 * 3);
  for (let x = 0; x < 256; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: 256 }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const png = tile([0xd8, 0xe8, 0xd0]);
const requests = [];

createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://tiles').pathname;
  if (path === '/health') return response.end('ok');
  if (path === '/requests') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(requests));
  }
  const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(path);
  if (!match || request.method !== 'GET') {
    response.statusCode = 404;
    return response.end();
  }
  const [, z, x, y] = match.map(Number);
  requests.push({ z, x, y });
  response.setHeader('content-type', 'image/png');
  response.setHeader('cache-control', 'max-age=86400');
  // The page loading it is on another origin (the shop's).
  response.setHeader('access-control-allow-origin', '*');
  return response.end(png);
}).listen(Number(port), host);
