import { DeviceBodySchema, DEVICES_PATH, deviceStream } from '@erp/contracts';
import type Router from '@koa/router';

import type { CommandDeps } from '../master-data/master-data.routes';
import { commandRoute } from '../shared/command-route';
import { decideAll, foldStored } from '../shared/decider';
import { stateAfter } from '../shared/handle-command';
import { deviceDecider, deviceOf } from './device.decider';

/** POST /api/devices: a device that may sell offline registers, and is given its series' code. */
export const deviceWriteRoutes = (router: Router, deps: CommandDeps) =>
  commandRoute(router, deps.store, {
    method: 'post',
    path: DEVICES_PATH,
    label: 'Device',
    body: DeviceBodySchema,
    status: 201,
    command: async ({ body, metadata }) => {
      // Allocated once here, not again when a version conflict runs the command again.
      const id = await deps.ids.next('device');
      return async (ctx) => {
        const stream = ctx.fresh(deviceStream(id), deviceDecider);
        const events = decideAll(deviceDecider, { type: 'Register', data: { id, body }, metadata }, stream.state);
        return { main: stream, appends: [{ stream, events }], result: deviceOf(stateAfter(deviceDecider, stream, events)) };
      };
    },
    replay: async (streamId) => deviceOf(foldStored(deviceDecider, (await deps.store.readStream(streamId)).events)),
  });
