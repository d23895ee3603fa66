/** The home page's lobby rows (slot `homeLobby` of the shell's home page). */
export default function HomeSections() {
  return null;
}
