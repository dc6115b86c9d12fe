export const ROOT: string;
export function electronRuntime(): { path: string | null; reason: string | null };
