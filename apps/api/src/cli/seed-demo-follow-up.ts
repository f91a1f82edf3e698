// The demo's follow-up, planned from each contact's messages: who owns the contact, how far it got
// (stage changes at believable times after its replies), its tasks and internal notes. Pure: the
// same contacts, clock and random generator give the same plan; seed-demo-records.ts writes it.
import { LOST_REASONS, type LostReason, type Stage } from "@app/shared/constants";
import { businessDay, fromBusinessTime } from "../kernel/business-time.ts";
import type { DemoContact, Random } from "./seed-demo-contacts.ts";
import {
  DEMO_STAFF,
  LOST_NOTES,
  NOTES,
  PHONE_NOTES,
  REJECTION_REASONS,
  STAGE_TASKS,
  TASK_TITLES,
} from "./seed-words.ts";

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Round-robin was switched on this long ago: older leads were handed out by hand, or not at all. */
const RULE_AGE = 6 * 7 * DAY;
const STAFF = DEMO_STAFF.length;
/** The sales lead (Carolina): hands out the older leads and reassigns contacts. */
const LEAD = 0;

/** Staff are indexes into DEMO_STAFF; the writer turns them into account ids and names. */
export type OwnerChange = {
  kind: "owner_changed";
  at: number;
  actor: number | null;
  from: number | null;
  to: number | null;
  byRule: boolean;
};
export type StageChange = {
  kind: "stage_changed";
  at: number;
  actor: number;
  from: Stage;
  to: Stage;
  byReply?: true;
  lostReason?: LostReason;
  lostNote?: string;
  wonValue?: number;
};
export type PlannedTask = { title: string; owner: number; createdAt: number; dueAt: number; doneAt: number | null };
export type PlannedNote = { author: number; body: string; at: number };

export type FollowUp = {
  owner: number | null;
  stage: Stage;
  stageChangedAt: Date | null;
  lostReason: LostReason | null;
  lostNote: string | null;
  wonValueCents: number | null;
  /** Per message, in order: who answered or declined it (null: still pending). */
  handledBy: (number | null)[];
  changes: (OwnerChange | StageChange)[];
  tasks: PlannedTask[];
  notes: PlannedNote[];
};

const isListed = (person: DemoContact) =>
  person.messages.some((message) => message.reviewReasons.length === 0 || message.reviewedAt !== null);

/** Every contact's plan (in `people`'s order), and who got the last lead of the rotation. */
export function planFollowUp(people: DemoContact[], now: number, random: Random) {
  const firstAt = (index: number) => people[index]?.messages[0]?.createdAt.getTime() ?? 0;
  // The rule hands leads out in turn, in the order they arrived.
  const ruleOrder = people
    .map((_, index) => index)
    .filter((index) => isListed(people[index] as DemoContact) && firstAt(index) >= now - RULE_AGE)
    .sort((a, b) => firstAt(a) - firstAt(b));
  const turns = new Map(ruleOrder.map((index, turn) => [index, turn % STAFF]));
  const plans = people.map((person, index) => planContact(person, turns.get(index), now, random));
  const last = ruleOrder.at(-1);
  return { plans, lastRuleOwner: last === undefined ? null : (turns.get(last) ?? null) };
}

function planContact(person: DemoContact, turn: number | undefined, now: number, random: Random): FollowUp {
  const messages = person.messages;
  const plan: FollowUp = {
    owner: null,
    stage: "nuevo",
    stageChangedAt: null,
    lostReason: null,
    lostNote: null,
    wonValueCents: null,
    handledBy: messages.map(() => null),
    changes: [],
    tasks: [],
    notes: [],
  };
  const first = messages[0]?.createdAt.getTime();
  if (first === undefined || !isListed(person)) return plan;

  // Owner: by the rule, taken by whoever answered first, handed out by the sales lead, or nobody.
  const owners: OwnerChange[] = [];
  const giveTo = (at: number, actor: number | null, to: number | null, byRule = false) =>
    owners.push({ kind: "owner_changed", at, actor, from: owners.at(-1)?.to ?? null, to, byRule });
  const firstHandled = messages.find((message) => message.statusChangedAt !== null)?.statusChangedAt?.getTime();
  if (turn !== undefined) giveTo(first, null, turn, true);
  else if (firstHandled !== undefined) {
    const taker = random.int(STAFF);
    giveTo(clamp(firstHandled - (5 + random.int(55)) * MINUTE, first, firstHandled), taker, taker);
  } else if (random.chance(0.4))
    giveTo(Math.min(first + (1 + random.int(30)) * HOUR, now - HOUR), LEAD, random.int(STAFF));
  const firstOwner = owners[0];
  if (firstOwner && firstOwner.to !== null && random.chance(0.08)) {
    const at = firstOwner.at + random.next() * 0.8 * (now - firstOwner.at);
    giveTo(at, LEAD, (firstOwner.to + 1 + random.int(STAFF - 1)) % STAFF);
  }
  const ownerAt = (at: number) => owners.findLast((change) => change.at <= at)?.to ?? null;
  plan.owner = owners.at(-1)?.to ?? null;
  const ownerSince = owners[0]?.at ?? first;

  plan.handledBy = messages.map((message) => {
    const at = message.statusChangedAt?.getTime();
    return at === undefined ? null : (ownerAt(at) ?? random.int(STAFF));
  });

  // Stage: a reply makes the contact Contactado; then quotes, negotiation, won or lost.
  const stages: StageChange[] = [];
  // Changed inside `move`: typed wide so the checks below are not narrowed to "nuevo".
  let stage = "nuevo" as Stage;
  let since = first;
  const move = (to: Stage, at: number, actor: number, extra: Partial<StageChange> = {}) => {
    stages.push({ kind: "stage_changed", at, actor, from: stage, to, ...extra });
    stage = to;
    since = at;
  };
  const replied = messages.findIndex((message) => message.status === "respondido");
  const declined = messages.every((message) => message.status === "rechazado");
  const reason = messages.at(-1)?.rejectionReason;
  if (replied >= 0) {
    const at = messages[replied]?.repliedAt?.getTime() ?? first;
    move("contactado", at, plan.handledBy[replied] ?? LEAD, { byReply: true });
  } else if (declined && reason && reason !== "Solicitud duplicada") {
    const at = messages.at(-1)?.statusChangedAt?.getTime() ?? first;
    const unavailable = reason === REJECTION_REASONS[0];
    move("perdido", at, plan.handledBy.at(-1) ?? LEAD, {
      lostReason: unavailable ? "no_disponible" : "otro",
      lostNote: unavailable ? LOST_NOTES.no_disponible[0] : `${reason}.`,
    });
  } else if (plan.owner !== null && now - first > 5 * DAY && random.chance(0.2)) {
    // Reached by phone before anyone wrote back.
    const at = Math.min(Math.max(first + (1 + random.int(72)) * HOUR, ownerSince + 30 * MINUTE), now - HOUR);
    const caller = ownerAt(at) ?? plan.owner;
    move("contactado", at, caller);
    plan.notes.push({ author: caller, body: random.pick(PHONE_NOTES), at: at + 5 * MINUTE });
  }
  if (stage === "contactado") {
    for (const to of nextStages(random)) {
      const at = since + (1 + random.int(6)) * DAY + random.int(8) * HOUR;
      if (at > now - 2 * HOUR) break;
      const actor = ownerAt(at) ?? random.int(STAFF);
      const done = to === "perdido" ? undefined : STAGE_TASKS[to];
      if (done)
        plan.tasks.push({
          title: done,
          owner: actor,
          createdAt: since + 20 * MINUTE,
          dueAt: since + DAY,
          doneAt: at - 15 * MINUTE,
        });
      move(
        to,
        at,
        actor,
        to === "ganado" ? { wonValue: wonValue(random) } : to === "perdido" ? lostFields(random) : {},
      );
    }
  }
  const lastStage = stages.at(-1);
  plan.stage = stage;
  plan.stageChangedAt = lastStage ? new Date(lastStage.at) : null;
  plan.lostReason = lastStage?.lostReason ?? null;
  plan.lostNote = lastStage?.lostNote ?? null;
  plan.wonValueCents = lastStage?.wonValue === undefined ? null : lastStage.wonValue * 100;
  plan.changes = [...owners, ...stages].sort((a, b) => a.at - b.at);

  // What comes next: an open task for contacts still in play; notes on some.
  const owner = plan.owner;
  if (owner === null) return plan;
  const lastActivity = Math.max(since, ownerSince, messages.at(-1)?.createdAt.getTime() ?? first);
  const inPlay =
    ["contactado", "cotizacion", "negociacion"].includes(stage) || (stage === "nuevo" && random.chance(0.5));
  if (inPlay && random.chance(0.8)) plan.tasks.push(openTask(random, owner, lastActivity, now));
  for (let count = random.chance(0.3) ? 1 + random.int(2) : 0; count > 0; count -= 1) {
    const at = ownerSince + random.next() * (now - ownerSince);
    plan.notes.push({ author: ownerAt(at) ?? owner, body: random.pick(NOTES), at });
  }
  return plan;
}

/** Where a contacted contact goes next: mostly nowhere yet, some to a quote, fewer won or lost. */
function nextStages(random: Random): Stage[] {
  const roll = random.next();
  if (roll < 0.4) return [];
  if (roll < 0.62) return ["cotizacion"];
  if (roll < 0.76) return ["cotizacion", "negociacion"];
  if (roll < 0.9) return random.chance(0.6) ? ["cotizacion", "negociacion", "ganado"] : ["cotizacion", "ganado"];
  return random.chance(0.5) ? ["perdido"] : ["cotizacion", "perdido"];
}

/** USD 500 to 60,000, most deals small, in steps of 50. */
const wonValue = (random: Random) => Math.round((500 + 59_500 * random.next() ** 2.5) / 50) * 50;

function lostFields(random: Random) {
  const lostReason = random.pick(LOST_REASONS);
  return { lostReason, lostNote: random.pick(LOST_NOTES[lostReason]) };
}

/** An open task due in Ecuador's time: overdue, later today or on a coming working day. */
function openTask(random: Random, owner: number, lastActivity: number, now: number): PlannedTask {
  const title = random.pick(TASK_TITLES);
  const createdAt = Math.min(
    Math.max(lastActivity, now - (1 + random.int(5)) * DAY) + (10 + random.int(170)) * MINUTE,
    now - 10 * MINUTE,
  );
  const roll = random.next();
  if (roll < 0.3) {
    const dueAt = createdAt + (0.2 + 0.6 * random.next()) * (now - createdAt);
    return { title, owner, createdAt, dueAt: Math.max(createdAt, Math.floor(dueAt / QUARTER) * QUARTER), doneAt: null };
  }
  const today = businessDay(new Date(now));
  if (roll < 0.5) {
    const earliest = Math.ceil((now + 30 * MINUTE) / QUARTER) * QUARTER;
    const latest = Math.max(earliest, fromBusinessTime(`${today}T18:00`).getTime());
    const dueAt = earliest + QUARTER * random.int(1 + (latest - earliest) / QUARTER);
    // Late at night there is no quarter left today: the last minute of the day still is.
    const endOfDay = fromBusinessTime(`${today}T23:59`).getTime() + 59_999;
    return { title, owner, createdAt, dueAt: Math.min(dueAt, endOfDay), doneAt: null };
  }
  let day = businessDay(new Date(now + (1 + random.int(10)) * DAY));
  // Nobody books a call for the weekend: Saturday and Sunday move to Monday.
  while ([0, 6].includes(fromBusinessTime(`${day}T12:00`).getUTCDay())) {
    day = businessDay(new Date(fromBusinessTime(`${day}T12:00`).getTime() + DAY));
  }
  const time = `${String(8 + random.int(10)).padStart(2, "0")}:${random.chance(0.5) ? "00" : "30"}`;
  return { title, owner, createdAt, dueAt: fromBusinessTime(`${day}T${time}`).getTime(), doneAt: null };
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
