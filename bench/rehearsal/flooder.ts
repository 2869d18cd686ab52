// The flood's sender, in a process of its own (flood.ts starts it): the driver that times the other
// tenants' requests must not spend its own event loop on the flood. Sends FLOOD_QUERY at
// FLOOD_PER_SECOND for FLOOD_MS (catching up when the timer runs late) and prints one JSON line:
// each answer's status, code and when its request was sent.
const base = process.env.FLOOD_BASE!;
const token = process.env.FLOOD_TOKEN!;
const body = process.env.FLOOD_BODY!;
const perSecond = Number(process.env.FLOOD_PER_SECOND);
const ms = Number(process.env.FLOOD_MS);

const answers: { at: number; status: number; code?: string }[] = [];
const pending: Promise<void>[] = [];
const began = Date.now();
let sent = 0;
const send = () => {
  const at = Date.now();
  pending.push(
    fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body, signal: AbortSignal.timeout(30_000) }).then(
      async (response) => {
        const answer: any = await response.json().catch(() => null);
        answers.push({ at, status: response.status, code: answer?.errors?.[0]?.extensions?.code });
      },
      () => void answers.push({ at, status: 0 }),
    ),
  );
};
const ticker = setInterval(() => {
  const due = Math.floor((Math.min(Date.now() - began, ms) / 1000) * perSecond);
  for (; sent < due; sent++) send();
}, 1000 / perSecond);
await new Promise((resolve) => setTimeout(resolve, ms));
clearInterval(ticker);
for (const due = Math.floor((ms / 1000) * perSecond); sent < due; sent++) send();
await Promise.all(pending);
process.stdout.write(JSON.stringify(answers) + "\n");
