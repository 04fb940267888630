/** What a failed call tells a flow: the stable error code, and the server's message in the page's language. */
export const failureCode = (error: unknown) => (error as { code?: string } | null)?.code ?? 'UNKNOWN';
export const failureMessage = (error: unknown) => (error as { message?: string } | null)?.message ?? null;
