/**
 * The pipeline's settings per open stage (docs/decisions/0047-pipeline.md): the win probability the forecast
 * weighs a stage's value by, and the idle days after which a deal in it is stale. An admin sets them; a stage
 * without a row has `DEFAULT_STAGE_SETTINGS`.
 */
import type { Db, Tx } from '../../db/client.ts';
import { pipelineStageSettings } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../../server/action-log.ts';
import { DEFAULT_STAGE_SETTINGS, openStages, type OpenStage, type StageSetting } from './contract.ts';

/** Every open stage's settings, in the board's order. */
export async function stageSettings(db: Db | Tx): Promise<StageSetting[]> {
  const rows = await db.select().from(pipelineStageSettings);
  return openStages.map((stage: OpenStage) => {
    const row = rows.find((r) => r.stage === stage);
    return {
      stage,
      ...(row ? { probability: row.probability, staleDays: row.staleDays } : DEFAULT_STAGE_SETTINGS[stage]),
    };
  });
}

/** An admin's settings (the stages named; the others keep theirs), in the action log with before and after. */
export async function saveStageSettings(db: Db, actor: AuditActor, stages: StageSetting[]): Promise<StageSetting[]> {
  return db.transaction(async (tx) => {
    const before = await stageSettings(tx);
    const now = new Date();
    for (const s of stages) {
      const values = { probability: s.probability, staleDays: s.staleDays, updatedAt: now };
      await tx
        .insert(pipelineStageSettings)
        .values({ stage: s.stage, ...values })
        .onConflictDoUpdate({ target: pipelineStageSettings.stage, set: values });
    }
    const after = await stageSettings(tx);
    await recordAudit(tx, actor, 'pipeline.settings', { type: 'list', id: 'pipeline' }, { from: before, to: after });
    return after;
  });
}
