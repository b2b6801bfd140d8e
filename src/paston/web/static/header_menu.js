// The table page's header on a phone (issue 19): one line (the game, the deal, the connection)
// and a menu button; the account box, Copy link, Replay and Export record fold behind it
// (style.css hides them there unless the header is open). On a wider screen the button is
// hidden and the menu's items sit in the header as before.

const header = document.querySelector(".site-header");
const button = document.querySelector("#header-menu-button");
const menu = document.querySelector("#header-menu");

function setOpen(open) {
  header.classList.toggle("menu-open", open);
  button.setAttribute("aria-expanded", String(open));
}

if (header && button && menu) {
  button.addEventListener("click", () => {
    const open = !header.classList.contains("menu-open");
    setOpen(open);
    if (open) menu.querySelector("a, button")?.focus();
  });
  // A choice made in the menu closes it; so do Escape and a tap anywhere else.
  menu.addEventListener("click", (ev) => {
    if (ev.target.closest("a, button")) setOpen(false);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && header.classList.contains("menu-open")) {
      setOpen(false);
      button.focus();
    }
  });
  document.addEventListener("pointerdown", (ev) => {
    if (header.classList.contains("menu-open") && !header.contains(ev.target)) setOpen(false);
  });
}
