/** What a failed call tells a flow: the stable error code, and the server's message in the page's language. */
export const failureCode = (error: unknown) => (error as { code?: string } | null)?.code ?? 'UNKNOWN';
export const failureMessage = (error: unknown) => (error as { message?: string } | null)?.message ?? null;
/** The field problems of a VALIDATION_FAILED answer ("body.realName" and its message); none otherwise. */
export const failureIssues = (error: unknown): Array<{ path: string; message: string }> =>
  (error as { value?: { issues?: Array<{ path: string; message: string }> } | null } | null)?.value?.issues ??
  [];
