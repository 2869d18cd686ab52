// Runs once before all test files: reports which database the run uses.
export default function setup(): void {
  const url = process.env.DATABASE_URL;
  process.stderr.write(url ? `tests on PostgreSQL (${url.replace(/\/\/[^@]*@/, "//")}), one fresh database per test file\n` : "tests on embedded PGlite (in memory)\n");
}
