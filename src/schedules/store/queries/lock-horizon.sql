-- The SQL of src/schedules/store/lock-horizon.ts, as test/architecture/store-sql.test.ts runs it.
-- Generated: UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/architecture/store-sql.test.ts

-- armLockHorizon(draft target, limit (rolled back))
select set_config('playout.lock_horizon', $1, true), set_config('playout.lock_horizon_hits', '', true);

-- lockHorizonHits((rolled back))
select current_setting('playout.lock_horizon_hits', true) as hits, set_config('playout.lock_horizon', '', true) as disarmed;
