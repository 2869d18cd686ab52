// Schedule templates: create, change (optimistic version), delete, read one and pages. Every write
// is one transaction that also holds the collections its slots name (shareCollections), so that
// none of them is deleted under it; every read filters on the organization.
import { shareCollections, type CollectionHeader } from "../collections/index.js";
import { requireRole, scopeForRecord, scopeOrganization, type Viewer } from "../common/auth.js";
import { AppError, badInput, staleVersion } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import { pageMeta, pageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { TEMPLATE_READS, toScheduleTemplate } from "./mapper.js";
import type { ReadPlan } from "../common/read-plan.js";
import type { ScheduleTemplateRow } from "./tables.js";
import { checkSlotCollections, templateValues, type TemplateInputValues, type TemplateValues } from "./rules.js";
import { deleteTemplateRow, findTemplateRow, insertTemplate, templatePage, updateTemplateRow } from "./store.js";
import type { ScheduleTemplate, ScheduleTemplatePage } from "./types.js";

const ORDER = [{ property: "id", direction: "ASC" as const }];

export function templateNotFound(id: string | number): AppError {
  return new AppError("NOT_FOUND", `Schedule template ${String(id).slice(0, 40)} not found`, { id: String(id).slice(0, 40) });
}

/** The template's id and the organization to look in; NOT_FOUND when the caller may not see that organization. */
export function templateLookup(viewer: Viewer, id: string, organization: string | null | undefined): { templateId: number; org: string } {
  const templateId = parseId(id, "id");
  const org = scopeForRecord(viewer, organization);
  if (org === null) throw templateNotFound(templateId);
  return { templateId, org };
}

/** The collections the checked slots name, held (share lock) and checked: NOT_FOUND or a wrong kind refuses the write. */
async function holdCollections(executor: Executor, organization: string, values: TemplateValues): Promise<void> {
  const ids = [...new Set(values.references.map((r) => r.id))];
  const found = new Map<number, CollectionHeader>((await shareCollections(executor, organization, ids)).map((c) => [c.id, c]));
  checkSlotCollections(values.references, found);
}

export class TemplateService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize: number,
  ) {}

  async get(viewer: Viewer, id: string, organization?: string | null, plan: ReadPlan<ScheduleTemplateRow> = TEMPLATE_READS.everything): Promise<ScheduleTemplate> {
    const { templateId, org } = templateLookup(viewer, id, organization);
    const row = await findTemplateRow(this.db, org, templateId, undefined, plan);
    if (!row) throw templateNotFound(templateId);
    return TEMPLATE_READS.toOutput(row, plan);
  }

  async list(viewer: Viewer, args: { page?: number | null; size?: number | null; organization?: string | null }, plan: ReadPlan<ScheduleTemplateRow> = TEMPLATE_READS.everything, withTotal = true): Promise<ScheduleTemplatePage> {
    const request = pageRequest(args.page, args.size, this.maxPageSize);
    const org = scopeOrganization(viewer, args.organization);
    const { rows, total } = await templatePage(this.db, org, request, plan, withTotal);
    return { content: rows.map((row) => TEMPLATE_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, ORDER) };
  }

  async create(viewer: Viewer, input: TemplateInputValues, organization?: string | null): Promise<ScheduleTemplate> {
    requireRole(viewer, "editor");
    const org = scopeOrganization(viewer, organization);
    const values = templateValues(input);
    return this.db.transaction(async (tx) => {
      await holdCollections(tx, org, values);
      return toScheduleTemplate(await insertTemplate(tx, org, values, viewer.userId));
    });
  }

  /** The whole template replaced; `version` must be the stored one (else CONFLICT with currentVersion). */
  async update(viewer: Viewer, id: string, input: TemplateInputValues, version: number, organization?: string | null): Promise<ScheduleTemplate> {
    requireRole(viewer, "editor");
    const { templateId, org } = templateLookup(viewer, id, organization);
    if (!Number.isSafeInteger(version) || version < 1) throw badInput(`version must be a whole number from 1 (the version read); got ${String(version).slice(0, 40)}`, { argument: "version" });
    const values = templateValues(input);
    return this.db.transaction(async (tx) => {
      const row = await findTemplateRow(tx, org, templateId, "update");
      if (!row) throw templateNotFound(templateId);
      if (version !== row.version) throw staleVersion("Schedule template", version, row.version);
      await holdCollections(tx, org, values);
      return toScheduleTemplate(await updateTemplateRow(tx, row.id, values));
    });
  }

  /** Deletes a template and answers it as it was (the schedules generated from it stay). */
  async delete(viewer: Viewer, id: string, organization?: string | null): Promise<ScheduleTemplate> {
    requireRole(viewer, "editor");
    const { templateId, org } = templateLookup(viewer, id, organization);
    return this.db.transaction(async (tx) => {
      const row = await findTemplateRow(tx, org, templateId, "update");
      if (!row) throw templateNotFound(templateId);
      await deleteTemplateRow(tx, row.id);
      return toScheduleTemplate(row);
    });
  }
}
