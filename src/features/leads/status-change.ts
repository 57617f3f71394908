/**
 * Setting the status of a lead (a submission or a message) as staff do from the portal: the row is locked,
 * updated, and a real change is recorded in the audit log in the same transaction (setting the status it
 * already has records nothing). The lock makes two staff changing it at once record each other's status as
 * their "from".
 */
import type { Db, Tx } from '../../db/client.ts';
import { recordAudit, type AuditActor, type AuditTarget } from '../../server/action-log.ts';
import { notFound } from '../../server/errors.ts';
import type { AuditAction } from '../../db/schema.ts';

interface StatusSteps<Row, Status extends string> {
  /** The row's status now, read `FOR UPDATE`; undefined when there is no such row. */
  lock: (tx: Tx) => Promise<{ status: Status } | undefined>;
  /** Writes the new status (and updated_at) and returns the row. */
  update: (tx: Tx) => Promise<Row>;
}

export function changeStatus<Row, Status extends string>(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  status: Status,
  steps: StatusSteps<Row, Status>,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const current = await steps.lock(tx);
    if (!current) throw notFound(target.type);
    const row = await steps.update(tx);
    if (current.status !== status) {
      await recordAudit(tx, actor, action, target, { from: current.status, to: status });
    }
    return row;
  });
}
