/**
 * Acceptance tests of the server side, end to end (scenarios 5–8). The scenarios live in
 * their own modules and register their describes on import; they share this file so the
 * app is imported once per worker (imports dominate the run time on a busy machine).
 */
import './scheduler-flow.js';
import './server-flow.js';
