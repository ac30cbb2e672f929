/**
 * Sets `key` as the newest entry of an insertion-ordered Map and drops the oldest entries past
 * `capacity`: the memory of chats, cards and languages that hostile traffic cannot grow.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > capacity) map.delete(map.keys().next().value as K);
}
