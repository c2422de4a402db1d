import { Navigate } from 'react-router';

/** Any unknown path is replaced with `/` (the server answers it with a 302 too). */
export function RedirectHome() {
  return <Navigate to="/" replace />;
}
