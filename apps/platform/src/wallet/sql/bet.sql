-- wallet_bet: the seamless wallet's bet with money (wallet/seamless/service.ts, README.md) as one
-- database function, so that a provider's bet is one round trip: session checks, replay, the
-- claimed transaction row, the locked balances, main first then bonus, a ledger row per balance
-- changed (idempotency keys `seamless:<provider>:<uuid>:main|bonus`), and the answer stored for
-- replays. It answers the wallet's JSON without request_uuid (the caller adds it). Free spins,
-- wins and rollbacks take the TypeScript path; wallet/seamless/model.test.ts runs both paths
-- against one reference model.
--
-- This file is the function's only source. It is not a migration: db/routines.ts applies every
-- `<domain>/sql/*.sql` after drizzle's migrations, at every start, under the migrations' lock, so
-- a database of any age (one migrated with the copies 0012 and 0014 once held) ends with this
-- text. Keep it one `CREATE OR REPLACE` statement that is safe to run again, with a signature
-- that does not change (a new signature is a new function: drop the old one in a migration).
CREATE OR REPLACE FUNCTION wallet_bet(
  p_provider text,
  p_token text,
  p_transaction_uuid text,
  p_game_code text,
  p_round text,
  p_round_closed boolean,
  p_currency text,
  p_amount bigint,
  p_now timestamptz
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  existing record;
  claimed bigint;
  print text;
  main_balance bigint;
  bonus_balance bigint;
  from_main bigint;
  from_bonus bigint;
  after bigint;
  meta jsonb;
  result jsonb;
  hold record;
  has_hold boolean;
  weight integer;
  wagered bigint := 0;
  lim record;
  window_start timestamptz;
  net_loss bigint;
BEGIN
  SELECT gs.player_id, gs.provider_id, gs.mode, gs.currency, gs.expires_at, p.status
    INTO s
    FROM game_sessions gs JOIN players p ON p.id = gs.player_id
    WHERE gs.token = p_token;
  IF NOT FOUND OR s.provider_id <> p_provider OR s.mode <> 'real' THEN
    RETURN jsonb_build_object('status', 'RS_ERROR_INVALID_TOKEN');
  END IF;
  IF s.currency <> p_currency THEN
    RETURN jsonb_build_object('status', 'RS_ERROR_WRONG_CURRENCY');
  END IF;
  print := concat_ws('|', 'bet', s.player_id, p_amount, p_round, p_currency, '', '');

  SELECT fingerprint, answer INTO existing FROM wallet_transactions
    WHERE provider_id = p_provider AND transaction_uuid = p_transaction_uuid;
  IF FOUND THEN
    IF existing.fingerprint = print AND existing.answer IS NOT NULL THEN
      RETURN existing.answer - 'request_uuid';
    END IF;
    RETURN jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION');
  END IF;
  IF s.expires_at <= p_now THEN
    RETURN jsonb_build_object('status', 'RS_ERROR_TOKEN_EXPIRED');
  END IF;
  IF s.status <> 'active' THEN
    RETURN jsonb_build_object('status', 'RS_ERROR_USER_DISABLED');
  END IF;
  -- Player protection (responsible/exclusion.ts keeps the same rule for the TypeScript path):
  -- a self-excluded player places no bet from the moment it is set until it ends.
  IF EXISTS (SELECT 1 FROM self_exclusions e
             WHERE e.player_id = s.player_id AND e.started_at <= p_now
               AND (e.ends_at IS NULL OR e.ends_at > p_now)) THEN
    RETURN jsonb_build_object('status', 'RS_ERROR_USER_DISABLED');
  END IF;

  -- Claim the transaction's row first: a concurrent replay waits here, then finds it.
  INSERT INTO wallet_transactions
      (provider_id, transaction_uuid, type, state, player_id, game_code, round, round_closed,
       currency, amount_minor, fingerprint)
    VALUES (p_provider, p_transaction_uuid, 'bet', 'open', s.player_id, p_game_code, p_round,
            p_round_closed, p_currency, p_amount, print)
    ON CONFLICT (provider_id, transaction_uuid) DO NOTHING
    RETURNING id INTO claimed;
  IF claimed IS NULL THEN
    SELECT fingerprint, answer INTO existing FROM wallet_transactions
      WHERE provider_id = p_provider AND transaction_uuid = p_transaction_uuid;
    IF existing.fingerprint = print AND existing.answer IS NOT NULL THEN
      RETURN existing.answer - 'request_uuid';
    END IF;
    RETURN jsonb_build_object('status', 'RS_ERROR_DUPLICATE_TRANSACTION');
  END IF;

  -- The main then the bonus wallet, locked (the order every path takes).
  SELECT balance_minor INTO main_balance FROM wallets
    WHERE player_id = s.player_id AND currency = p_currency AND kind = 'main' FOR UPDATE;
  SELECT balance_minor INTO bonus_balance FROM wallets
    WHERE player_id = s.player_id AND currency = p_currency AND kind = 'bonus' FOR UPDATE;
  main_balance := coalesce(main_balance, 0);
  bonus_balance := coalesce(bonus_balance, 0);
  -- A bonus being wagered (issue #26; wallet/wagering.ts): its hold, locked after the wallets.
  SELECT id, max_bet_minor, weights, default_weight, excluded_games INTO hold
    FROM wagering_holds
    WHERE player_id = s.player_id AND currency = p_currency AND status = 'open' FOR UPDATE;
  has_hold := FOUND;
  -- The max bet is refused here, at the debit, before any money moves (never voided after the
  -- round). Nothing is recorded: the same transaction_uuid may come again with a smaller stake.
  IF has_hold AND hold.max_bet_minor IS NOT NULL AND p_amount > hold.max_bet_minor THEN
    DELETE FROM wallet_transactions WHERE id = claimed;
    RETURN jsonb_build_object('status', 'RS_ERROR_LIMIT_REACHED', 'limit', 'bonus_max_bet',
      'max_bet', hold.max_bet_minor, 'user', s.player_id::text, 'currency', p_currency,
      'balance', main_balance + bonus_balance);
  END IF;
  IF main_balance + bonus_balance < p_amount THEN
    -- Nothing is recorded: the same transaction_uuid may come again.
    DELETE FROM wallet_transactions WHERE id = claimed;
    RETURN jsonb_build_object('status', 'RS_ERROR_NOT_ENOUGH_MONEY', 'user', s.player_id::text,
      'currency', p_currency, 'balance', main_balance + bonus_balance);
  END IF;

  -- Loss limits (responsible/play-limits.ts, limit-rules.ts lossRemaining): checked here, after
  -- the balances' lock, so two bets at once are counted one after the other. A stake above what
  -- the window's net loss (stakes that stood minus wins) leaves of a limit is refused; a change
  -- whose cooling-off has passed counts as applied.
  FOR lim IN
    SELECT period_days, anchor_at,
           CASE WHEN pending_at IS NOT NULL AND pending_at <= p_now
                THEN CASE WHEN pending_remove THEN NULL ELSE pending_amount END
                ELSE amount END AS amount
      FROM play_limits
      WHERE player_id = s.player_id AND kind = 'loss' AND currency = p_currency
  LOOP
    CONTINUE WHEN lim.amount IS NULL;
    window_start := lim.anchor_at + floor(greatest(0, extract(epoch FROM p_now - lim.anchor_at))
        / (lim.period_days * 86400)) * (lim.period_days * interval '1 day');
    SELECT coalesce(sum(t.amount_minor) FILTER (
             WHERE t.type = 'bet' AND t.state <> 'rolled_back' AND t.fingerprint <> 'tombstone'), 0)
         - coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'win'), 0)
      INTO net_loss
      FROM wallet_transactions t
      WHERE t.player_id = s.player_id AND t.currency = p_currency
        AND t.created_at >= window_start AND t.id <> claimed;
    -- The sportsbook's stakes less what it paid back count too (game-history.ts lossMoves: its
    -- main-balance movements are named sports_*).
    net_loss := net_loss - coalesce((
      SELECT sum(l.amount_minor) FROM ledger_entries l
        WHERE l.player_id = s.player_id AND l.currency = p_currency AND l.kind = 'main'
          AND l.reason LIKE 'sports\_%' AND l.created_at >= window_start), 0);
    IF p_amount > lim.amount - greatest(net_loss, 0) THEN
      DELETE FROM wallet_transactions WHERE id = claimed;
      RETURN jsonb_build_object('status', 'RS_ERROR_LIMIT_REACHED', 'user', s.player_id::text,
        'currency', p_currency, 'balance', main_balance + bonus_balance);
    END IF;
  END LOOP;

  -- Bonus isolation (README.md): real money is staked first, bonus money only for the rest.
  from_main := least(p_amount, main_balance);
  from_bonus := p_amount - from_main;
  IF has_hold THEN
    IF hold.excluded_games ? p_game_code THEN
      -- An excluded game adds nothing and is never played with bonus money.
      IF from_bonus > 0 THEN
        DELETE FROM wallet_transactions WHERE id = claimed;
        RETURN jsonb_build_object('status', 'RS_ERROR_LIMIT_REACHED', 'limit',
          'bonus_excluded_game', 'user', s.player_id::text, 'currency', p_currency,
          'balance', main_balance + bonus_balance);
      END IF;
      weight := 0;
    ELSE
      -- The highest weight among the game's categories the hold names, else its default.
      SELECT max((hold.weights ->> c)::integer) INTO weight
        FROM games g, jsonb_array_elements_text(g.categories) AS c
        WHERE g.sysname = p_game_code AND hold.weights ? c;
      weight := coalesce(weight, hold.default_weight);
    END IF;
    -- The weighted stake, rounded down to the minor unit (wallet/wagering.ts weightedStake).
    wagered := (p_amount * least(greatest(weight, 0), 100)) / 100;
    UPDATE wagering_holds
      SET progress_minor = progress_minor + wagered,
          status = CASE WHEN progress_minor + wagered >= required_minor THEN 'complete'
                        ELSE 'open' END
      WHERE id = hold.id;
  END IF;
  meta := jsonb_build_object('provider', p_provider, 'game', p_game_code, 'round', p_round);
  IF from_main > 0 THEN
    UPDATE wallets SET balance_minor = balance_minor - from_main
      WHERE player_id = s.player_id AND currency = p_currency AND kind = 'main'
      RETURNING balance_minor INTO after;
    INSERT INTO ledger_entries (player_id, kind, currency, amount_minor, balance_after_minor,
        reason, idempotency_key, meta)
      VALUES (s.player_id, 'main', p_currency, -from_main, after, 'game_bet',
        'seamless:' || p_provider || ':' || p_transaction_uuid || ':main', meta);
  END IF;
  IF from_bonus > 0 THEN
    UPDATE wallets SET balance_minor = balance_minor - from_bonus
      WHERE player_id = s.player_id AND currency = p_currency AND kind = 'bonus'
      RETURNING balance_minor INTO after;
    INSERT INTO ledger_entries (player_id, kind, currency, amount_minor, balance_after_minor,
        reason, idempotency_key, meta)
      VALUES (s.player_id, 'bonus', p_currency, -from_bonus, after, 'game_bet',
        'seamless:' || p_provider || ':' || p_transaction_uuid || ':bonus', meta);
  END IF;

  -- Issue #27: the stake is a play event, published in this transaction (play-events/).
  PERFORM play_event_publish('seamless:' || p_provider || ':' || p_transaction_uuid, 'bet',
    'casino', s.player_id, p_currency, p_provider, p_game_code, p_round, p_amount, from_main,
    from_bonus, p_amount, false, p_now);
  result := jsonb_build_object('status', 'RS_OK', 'user', s.player_id::text,
    'currency', p_currency, 'balance', main_balance + bonus_balance - p_amount);
  UPDATE wallet_transactions
    SET main_minor = -from_main, bonus_minor = -from_bonus, answer = result,
        hold_id = CASE WHEN has_hold THEN hold.id END, wagered_minor = wagered
    WHERE id = claimed;
  RETURN result;
END;
$$;
