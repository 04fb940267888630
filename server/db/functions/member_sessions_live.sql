-- The accounts module's answer, for another module's write, to "are these sessions still good for these
-- members?": item i is true when p_token_hashes[i] is null (nothing to confirm) or names a session of member
-- p_members[i] that is not revoked, not expired, not waiting for a forced password change (such a login may
-- only change its password), its member active. A hot route that took its session from
-- the accounts module's memory of recent sessions (session claims) confirms it here, inside the
-- transaction that writes, so a logout, a password change or a disabled account stops the write however
-- recently the session was seen. One call for a whole batch: a plain SQL function is planned afresh on
-- every call that the planner cannot inline, so it is called once, not once per item.
CREATE OR REPLACE FUNCTION member_sessions_live(p_token_hashes text[], p_members integer[])
RETURNS boolean[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(
    x.token_hash IS NULL OR EXISTS (
      SELECT 1 FROM member_sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = x.token_hash AND s.member_id = x.member_id AND s.revoked_at IS NULL
        AND s.expires_at > now() AND s.must_change_password IS NULL AND m.status = 'active'
    ) ORDER BY x.i), '{}')
  FROM unnest(p_token_hashes, p_members) WITH ORDINALITY AS x(token_hash, member_id, i)
$$;
