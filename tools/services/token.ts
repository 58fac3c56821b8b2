/**
 * The runtime token the runner hands to actions. @actions/artifact decodes it without verifying it and
 * takes the run and job ids from its `scp` claim (`Actions.Results:<runId>:<jobId>`), so an unsigned
 * JWT (alg none) is enough for the real clients.
 */

export interface BackendIds {
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
}

function base64url(json: unknown): string {
  return Buffer.from(JSON.stringify(json)).toString('base64url');
}

export function makeRuntimeToken(ids: BackendIds, nowMs: number = Date.now()): string {
  const issuedAtS = Math.floor(nowMs / 1000);
  const claims = {
    scp: `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${ids.workflowRunBackendId}:${ids.workflowJobRunBackendId}`,
    iat: issuedAtS,
    nbf: issuedAtS,
    exp: issuedAtS + 6 * 3600,
    iss: 'disk-profiler-local-services',
  };
  return `${base64url({ typ: 'JWT', alg: 'none' })}.${base64url(claims)}.`;
}

/** The ids in a token's Actions.Results scope, or undefined when the token does not carry one. */
export function backendIdsFromToken(token: string): BackendIds | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const scp = (claims as { scp?: unknown } | null)?.scp;
  if (typeof scp !== 'string') return undefined;
  for (const scope of scp.split(' ')) {
    const parts = scope.split(':');
    if (parts[0] === 'Actions.Results' && parts.length === 3 && parts[1] && parts[2]) {
      return { workflowRunBackendId: parts[1], workflowJobRunBackendId: parts[2] };
    }
  }
  return undefined;
}
