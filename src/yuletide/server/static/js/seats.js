// Seat tokens, kept per table in localStorage so a reload resumes the seat. The token
// arrives in the link's #fragment (never sent to the server in a request line) and is
// moved out of the address bar at once.

const KEY = "yuletide:seat:";
const NAME_KEY = "yuletide:name";

export function saveSeat(tableId, seat, token) {
  try {
    localStorage.setItem(KEY + tableId, JSON.stringify({ seat, token }));
  } catch (e) {
    /* private mode: the seat lasts as long as the page */
  }
}

export function loadSeat(tableId) {
  try {
    const data = JSON.parse(localStorage.getItem(KEY + tableId) || "null");
    if (data && typeof data.token === "string" && Number.isInteger(data.seat)) return data;
  } catch (e) {
    /* a broken entry is ignored */
  }
  return null;
}

export function forgetSeat(tableId) {
  try {
    localStorage.removeItem(KEY + tableId);
  } catch (e) {
    /* nothing stored */
  }
}

export function savedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch (e) {
    return "";
  }
}

export function saveName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch (e) {
    /* not kept */
  }
}

/** Read "#seat=N&token=T" (or "#watch") from the address; store it; clean the address. */
export function takeFragment(tableId) {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const token = params.get("token");
  const seat = Number.parseInt(params.get("seat") || "", 10);
  const watch = params.has("watch");
  if (token && Number.isInteger(seat)) saveSeat(tableId, seat, token);
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  return { watch };
}

/** Links to a table: for a friend to take a seat, and to watch. */
export function inviteLink(tableId) {
  return `${location.origin}/play/${encodeURIComponent(tableId)}`;
}

export function watchLink(tableId) {
  return `${inviteLink(tableId)}#watch`;
}
