-- The accounts module's answer, for another module's write, to "is this session still good for this
-- member?": not revoked, not expired, the member active. A hot route that took the session from the
-- accounts module's memory of recent sessions confirms it here, inside the transaction that writes, so a
-- logout, a password change or a disabled account stops the write however recently the session was seen.
-- A plain SQL function, so the planner inlines it into the caller's query.
CREATE OR REPLACE FUNCTION member_session_live(p_token_hash text, p_member integer)
RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM member_sessions s JOIN members m ON m.id = s.member_id
    WHERE s.token_hash = p_token_hash AND s.member_id = p_member AND s.revoked_at IS NULL
      AND s.expires_at > now() AND m.status = 'active'
  )
$$;
