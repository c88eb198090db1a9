/** Where the API is: the same origin unless VITE_API_BASE_URL says otherwise. */
export const API_BASE: string = import.meta.env.VITE_API_BASE_URL ?? '/';
