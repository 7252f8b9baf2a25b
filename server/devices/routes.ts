import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { bearerUser } from '../auth/bearer.ts';
import { findDevice, linkDevice, listDevices, unlinkDevice, type NewDevice } from './devices.ts';
import { requestTexts } from '../i18n/request-language.ts';

type Check = <T>(name: string) => (body: unknown) => { body: T } | { refusal: { message: string; field: string } };

export interface DeviceRoutesOptions {
  db: Kysely<Database>;
  tokenKey: Uint8Array;
  check: Check;
}

const notFound = () => ({ message: requestTexts()('server.devices.notFound') });

/**
 * Linked devices (document 000 sections 3, 5 and 7; document 001 section 7): list, link, read and
 * remove, at /auth/devices and the older /device-api/device. Bearer access token; a user only ever
 * sees and removes their own devices (another user's id answers 404 and changes nothing).
 *
 * @example
 * await app.register(deviceRoutes, { db, tokenKey, check });
 */
export async function deviceRoutes(app: FastifyInstance, options: DeviceRoutesOptions): Promise<void> {
  const { db } = options;
  const create = options.check<NewDevice>('DeviceCreateRequest');

  const caller = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await bearerUser(db, options.tokenKey, request);
    if (!user) void reply.code(401).send({ message: requestTexts()('server.signin.sessionExpired') });
    return user;
  };
  const deviceId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

  const list = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    return { devices: await listDevices(db, user.userId) };
  };
  const remove = async (request: FastifyRequest<{ Params: { deviceId: string } }>, reply: FastifyReply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const id = deviceId(request.params.deviceId);
    const outcome = id === undefined ? 'notFound' : await unlinkDevice(db, user.userId, id);
    if (outcome === 'notFound') return reply.code(404).send(notFound());
    if (outcome === 'lastPushDevice') return reply.code(409).send({ message: requestTexts()('server.devices.lastPushDevice') });
    request.log.info({ userId: user.userId, deviceId: id }, 'device unlinked');
    return { success: true };
  };

  app.get('/auth/devices', list);
  app.get('/device-api/device', list);
  app.delete('/auth/devices/:deviceId', remove);
  app.delete('/device-api/device/:deviceId', remove);

  app.post('/auth/devices', async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const checked = create(request.body);
    if ('refusal' in checked) return reply.code(400).send(checked.refusal);
    const { device, secret } = await linkDevice(db, user.userId, checked.body);
    request.log.info({ userId: user.userId, deviceId: device.id }, 'device linked');
    return reply.code(201).send({ ...device, secret });
  });

  app.get<{ Params: { deviceId: string } }>('/auth/devices/:deviceId', async (request, reply) => {
    const user = await caller(request, reply);
    if (!user) return reply;
    const id = deviceId(request.params.deviceId);
    const device = id === undefined ? undefined : await findDevice(db, user.userId, id);
    return device ?? reply.code(404).send(notFound());
  });
}
