-- play-events/'s door for SQL callers (issue #27): the wallet's bet function (wallet/sql/bet.sql)
-- and publish.ts both publish through it, so an event is written one way. It runs in the caller's
-- transaction: the event exists exactly when the money moved. `ref` is unique, so a replay
-- publishes nothing. It sends no NOTIFY: a NOTIFY in the transaction that moves the money
-- serialises every such commit behind one lock (announce.ts); the caller announces the events
-- once its transaction has committed (`announcePlayEvents`).
CREATE OR REPLACE FUNCTION play_event_publish(
  p_ref text, p_kind text, p_product text, p_player_id integer, p_currency text,
  p_provider text, p_game_code text, p_round text, p_amount bigint, p_real bigint,
  p_bonus bigint, p_stake bigint, p_freespin boolean, p_occurred_at timestamptz
) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  new_id bigint;
BEGIN
  INSERT INTO play_events (ref, kind, product, player_id, currency, provider_id, game_code, round,
      amount_minor, real_minor, bonus_minor, stake_minor, freespin, occurred_at)
    VALUES (p_ref, p_kind, p_product, p_player_id, p_currency, p_provider, p_game_code, p_round,
      p_amount, p_real, p_bonus, p_stake, p_freespin, p_occurred_at)
    ON CONFLICT (ref) DO NOTHING
    RETURNING id INTO new_id;
  RETURN new_id;
END;
$$;
