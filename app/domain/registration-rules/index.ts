// The registration's rules (issue 41), one module: its statuses (labels and tones), the lifecycle's transition table
// (creations included) and decisions, the places and meals it holds, and its columns. Pure: no I/O, no clock.
// The registration store (app/db/registration-store) is the only writer of `inscriptions`, and renders its SQL
// conditions from these rules. docs/decisions/0186-registration-aggregate.md
export * from "./columns";
export * from "./lifecycle";
export * from "./places";
export * from "./statuses";
