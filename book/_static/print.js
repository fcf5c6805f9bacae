// Paper: open every closed <details> (hidden code cells, dropdowns) before printing and close
// them again afterwards. A stylesheet cannot open <details>; print.css does the rest.
(() => {
  let opened = [];
  window.addEventListener("beforeprint", () => {
    opened = [...document.querySelectorAll("details:not([open])")];
    opened.forEach((el) => { el.open = true; });
  });
  window.addEventListener("afterprint", () => {
    opened.forEach((el) => { el.open = false; });
    opened = [];
  });
})();
