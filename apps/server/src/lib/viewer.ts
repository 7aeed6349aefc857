/**
 * The signed-in user as services need them: who, and the time zone their "today" is computed in
 * (DESIGN §2). One type for every module, taken from the authenticated request.
 */
export interface Viewer {
  id: string;
  timezone: string;
}
