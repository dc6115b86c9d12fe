/**
 * An error answer of the API (every error has the body `{error, error_description, id?}`; the
 * authorization server uses the RFC 6749 codes in the same shape). `status` 0 means the engine could not be
 * reached.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The `error` code: invalid_request, invalid_token, not_found, conflict, … or network_error. */
    readonly code: string,
    readonly description: string,
    readonly id?: string,
  ) {
    super(description || code);
    this.name = 'ApiError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }

  /** The route does not exist on this engine (yet): the screen shows that the feature is unavailable. */
  get isMissingRoute(): boolean {
    return this.status === 404 && /^no route /.test(this.description);
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** Reads an error answer into an ApiError, whatever its body. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let code = `http_${res.status}`;
  let description = res.statusText;
  let id: string | undefined;
  try {
    const body = (await res.json()) as { error?: unknown; error_description?: unknown; id?: unknown };
    if (typeof body.error === 'string') code = body.error;
    if (typeof body.error_description === 'string') description = body.error_description;
    if (typeof body.id === 'string') id = body.id;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(res.status, code, description, id);
}
