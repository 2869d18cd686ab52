// XMLTV import with a streaming parser (saxes): one channel's programmes become PRIMARY events,
// and the channel's first display-name the schedule's name.
// saxes never loads a DTD or an external entity; a document that declares entities is refused
// outright, so nothing it names is ever fetched or expanded.
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { badInput } from "../../common/errors.js";
import { feedParser } from "./source.js";
import { EventType } from "../../events/index.js";
import type { EventInput } from "../../events/index.js";
import { LENGTH_UNITS, parseXmltvTime } from "./times.js";
import type { ImportNotes, ImportOptions, ParsedEvent } from "./types.js";

interface Programme {
  start: number;
  stop: number | null;
  lengthMs: number | null;
  title: string | null;
  description: string | null;
  at: string;
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

export async function* readXmltv(text: AsyncIterable<string>, options: ImportOptions, notes: ImportNotes): AsyncGenerator<ParsedEvent> {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const ready: ParsedEvent[] = [];
  let failure: Error | null = null;
  let channel = options.channel;
  let sawRoot = false;
  let count = 0;
  let matched = 0;
  let pending: Programme | null = null; // a programme without stop waits for the next start
  let current: Programme | null = null; // the programme being read
  let field: "title" | "desc" | "length" | "display-name" | null = null;
  let channelElement: string | null = null; // id of the <channel> being read
  const displayNames = new Map<string, string>(); // channel id → its first <display-name>
  let fieldText = "";
  let lengthUnits = "";
  const stack: string[] = [];

  const fail = (message: string) => {
    failure ??= badInput(message);
  };
  const emit = (p: Programme, stop: number) => {
    const input: EventInput = { onAirTime: new Date(p.start), duration: Math.max(0, stop - p.start), eventType: EventType.PRIMARY, title: p.title };
    if (p.description) input.programme = { title: p.title, description: p.description };
    ready.push({ input, at: p.at });
  };
  const settle = (next: Programme | null) => {
    if (!pending) return;
    if (next) {
      if (next.start < pending.start) notes.warnings.push(`${pending.at}: no stop, and the next programme starts earlier; duration 0`);
      emit(pending, Math.max(pending.start, next.start));
    } else if (pending.lengthMs !== null) {
      emit(pending, pending.start + pending.lengthMs);
    } else {
      notes.warnings.push(`${pending.at}: the last programme has neither stop nor length; duration 0`);
      emit(pending, pending.start);
    }
    pending = null;
  };

  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail(`line ${parser.line}: entity declarations are not accepted (DTDs and external entities are never loaded)`);
  });
  parser.on("error", (error) => fail(`line ${parser.line}: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")}`));
  parser.on("opentag", (tag: SaxesTagPlain) => {
    stack.push(tag.name);
    const where = `line ${parser.line}`;
    if (stack.length === 1) {
      if (tag.name !== "tv") fail(`${where}: the root element must be <tv>, found <${tag.name}>`);
      sawRoot = true;
      return;
    }
    if (stack.length === 2 && tag.name === "channel") {
      channelElement = typeof tag.attributes.id === "string" ? tag.attributes.id : null;
      if (channel === null && channelElement !== null) channel = channelElement;
      return;
    }
    if (stack.length === 3 && channelElement !== null && tag.name === "display-name" && !displayNames.has(channelElement)) {
      field = "display-name";
      fieldText = "";
      return;
    }
    if (stack.length === 2 && tag.name === "programme") {
      count++;
      const at = `programme ${count} (${where})`;
      const attr = (name: string) => (typeof tag.attributes[name] === "string" ? (tag.attributes[name] as string) : null);
      const programmeChannel = attr("channel");
      if (programmeChannel === null) return fail(`${at}: the channel attribute is required`);
      channel ??= programmeChannel;
      if (programmeChannel !== channel) return;
      matched++;
      const startText = attr("start");
      if (startText === null) return fail(`${at}: the start attribute is required`);
      const start = parseXmltvTime(startText);
      if (start === null) return fail(`${at}: start "${startText}" is not an XMLTV time (YYYYMMDDhhmmss and an optional zone)`);
      const stopText = attr("stop");
      const stop = stopText === null ? null : parseXmltvTime(stopText);
      if (stopText !== null && stop === null) return fail(`${at}: stop "${stopText}" is not an XMLTV time (YYYYMMDDhhmmss and an optional zone)`);
      if (stop !== null && stop < start) return fail(`${at}: stop is before start`);
      current = { start, stop, lengthMs: null, title: null, description: null, at };
      return;
    }
    if (current && stack.length === 3 && (tag.name === "title" || tag.name === "desc" || tag.name === "length")) {
      field = tag.name;
      fieldText = "";
      lengthUnits = typeof tag.attributes.units === "string" ? tag.attributes.units : "";
    }
  });
  parser.on("text", (t) => {
    if (field) fieldText += t;
  });
  parser.on("cdata", (t) => {
    if (field) fieldText += t;
  });
  parser.on("closetag", (tag) => {
    stack.pop();
    if (field === "display-name" && stack.length === 2) {
      const name = squeeze(fieldText);
      if (name && channelElement !== null) displayNames.set(channelElement, name);
      field = null;
      return;
    }
    if (stack.length === 1 && tag.name === "channel") channelElement = null;
    if (field && stack.length === 2 && current) {
      const value = squeeze(fieldText);
      if (field === "title" && current.title === null) current.title = value; // several titles: the first
      else if (field === "desc" && current.description === null) current.description = value;
      else if (field === "length") {
        const unit = LENGTH_UNITS[lengthUnits];
        if (!unit || !/^\d+$/.test(value)) fail(`${current.at}: <length units="${lengthUnits}">${value}</length> is not a whole number of seconds, minutes or hours`);
        else current.lengthMs = Number(value) * unit;
      }
      field = null;
      return;
    }
    if (stack.length === 1 && tag.name === "programme" && current) {
      const p: Programme = current;
      current = null;
      if (p.title === null) return fail(`${p.at}: <title> is required`);
      settle(p);
      if (p.stop !== null) emit(p, p.stop);
      else pending = p;
    }
  });

  yield* feedParser(parser, text, ready, () => failure);
  if (!sawRoot) throw badInput("The file holds no <tv> element");
  if (count > 0 && matched === 0) throw badInput(`No programme of channel "${channel}" in the file`, { argument: "channel" });
  settle(null);
  yield* ready.splice(0);
  if (channel !== null) {
    notes.schedule.channel = channel;
    // The channel's display name names the schedule (unless the fileName argument does).
    const name = displayNames.get(channel);
    if (name) notes.schedule.name = name;
  }
}
