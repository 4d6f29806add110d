// REST calls to the Yuletide server. Errors come back as ApiError with the server's
// own message (it says what was wrong and what is allowed).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The server's error JSON: {"error": CODE, "message": M} or {"error": {code, message}}. */
function errorOf(status, data) {
  const err = data && data.error;
  if (err && typeof err === "object") return new ApiError(status, err.code || "error", err.message || `HTTP ${status}`);
  if (typeof err === "string") return new ApiError(status, err, (data && data.message) || err);
  return new ApiError(status, "http", `the server answered HTTP ${status}`);
}

export async function api(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", "cannot reach the server (check your connection)");
  }
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = null;
  }
  if (!response.ok) throw errorOf(response.status, data);
  return data;
}

export const get = (path) => api("GET", path);
export const post = (path, body, token) => api("POST", path, { body, token });
export const del = (path, token) => api("DELETE", path, { token });

let gamesCache = null;
/** GET /api/games once per page: id -> game info. */
export async function gamesById() {
  if (!gamesCache) {
    gamesCache = get("/api/games").then((list) => new Map(list.map((g) => [g.id, g])));
  }
  return gamesCache;
}
