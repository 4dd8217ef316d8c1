// A tiny integrator: a durable JetStream consumer of Udyam ERP's integration events.
//   NATS_URL=nats://127.0.0.1:4222 node examples/nats-consumer.mjs [subject filter, e.g. 'erp.purchase.*.*']
// Subjects are `<prefix>.<module>.<entity>.<Event>` (prefix `erp` unless the deployment sets
// ERP_NATS_PREFIX; set the same here). A filter must be within the stream's `<prefix>.*.*.*`:
// `erp.purchase.*.*`, `erp.*.vendor.*`, `erp.sales.sales-invoice.SalesInvoiceCreated`.
// Delivery is at least once: remember the ids you have handled and skip a repeat. A real
// consumer keeps that set (or the last position) in its own database, in the same transaction
// as its own change. The durable name lets it stop and resume where it left off.
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const PREFIX = process.env.ERP_NATS_PREFIX || 'erp';
const STREAM = process.env.ERP_INTEGRATION_STREAM || `${PREFIX.toUpperCase().replace(/-/g, '_')}_EVENTS`;
const DURABLE = process.env.CONSUMER ?? 'example-consumer';
const filter = process.argv[2] ?? `${PREFIX}.*.*.*`;

const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', maxReconnectAttempts: -1 });
const jsm = await jetstreamManager(nc);
const existing = await jsm.consumers.info(STREAM, DURABLE).catch(() => null);
if (existing && existing.config.filter_subject !== filter) {
  console.error(`consumer ${DURABLE} exists with filter ${existing.config.filter_subject}; choose another CONSUMER name for ${filter}`);
  process.exit(1);
}
if (!existing) {
  try {
    await jsm.consumers.add(STREAM, { durable_name: DURABLE, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, filter_subject: filter });
  } catch (error) {
    console.error(`cannot follow ${filter} on stream ${STREAM}: ${error.message}`);
    process.exit(1);
  }
}
const consumer = await jetstream(nc).consumers.get(STREAM, DURABLE);

const seen = new Set();
let last = 0n;
const messages = await consumer.consume();
process.on('SIGINT', () => void messages.close().then(() => nc.drain()));
process.on('SIGTERM', () => void messages.close().then(() => nc.drain()));
for await (const msg of messages) {
  const event = msg.json();
  if (seen.has(event.id)) {
    msg.ack(); // a redelivery: handled already
    continue;
  }
  seen.add(event.id);
  if (BigInt(event.position) <= last) console.warn(`out of order: ${event.position} after ${last}`);
  last = BigInt(event.position);
  console.log(`${event.position} ${msg.subject} ${event.streamId} v${event.streamVersion} by ${event.user.name ?? '-'} at ${event.at}: ${JSON.stringify(event.data)}`);
  msg.ack();
}
