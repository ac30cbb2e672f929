/**
 * Acceptance tests of the agent side, end to end (scenarios 1–4). The scenarios live in
 * their own modules and register their describes on import; they share this file so the
 * app is imported once per worker (imports dominate the run time on a busy machine).
 */
import './skills-flow.js';
import './memory-identity.js';
