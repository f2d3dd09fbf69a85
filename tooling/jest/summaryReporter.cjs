// Prints the plain closing line CI reads: "jest: N passed, N failed".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    console.log(`jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}
module.exports = SummaryReporter;
