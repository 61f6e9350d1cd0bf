// What other features use of courses; everything under api/, components/ and routes/ is its own.
export { useGetCourseQuery } from './api/get-course.js';
export { CourseBrowser } from './components/course-browser.js';
